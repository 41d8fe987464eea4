import type { Persona } from '@samvad/contracts/persona';
import type { ReactNode } from 'react';
import { TypingHeadline } from './typing-headline.tsx';

interface LandingHeroProps {
  /** Undefined while it loads (or when it failed): the texts are then placeholders. */
  persona: Persona | undefined;
  /** Shown in place of the texts when there is no persona, e.g. a load error with a retry. */
  notice?: ReactNode;
  actions: ReactNode;
  /** A line under the actions (e.g. why sign-in is unavailable). */
  footnote?: ReactNode;
}

/** The landing page's centre: who it is about, the typing headline, the tagline, the actions. */
export function LandingHero({ persona, notice, actions, footnote }: LandingHeroProps) {
  return (
    <section className="mx-auto flex w-full max-w-3xl animate-rise flex-col items-center text-center">
      {persona ? (
        <>
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-border bg-card/60 px-3.5 py-1.5 text-xs font-medium tracking-wide text-muted-foreground backdrop-blur-sm sm:mb-8 sm:text-[0.8125rem]">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            {persona.reformerName}
          </p>
          <TypingHeadline lines={persona.headlineLines} />
          <p className="mt-6 max-w-xl text-base leading-relaxed text-pretty text-muted-foreground sm:mt-8 sm:text-lg">
            {persona.tagline}
          </p>
        </>
      ) : (
        (notice ?? <HeroSkeleton />)
      )}
      <div className="mt-9 flex w-full flex-col items-stretch justify-center gap-3 sm:mt-11 sm:w-auto sm:flex-row sm:items-center">
        {actions}
      </div>
      {footnote}
    </section>
  );
}

function HeroSkeleton() {
  return (
    <div aria-hidden="true" className="flex w-full flex-col items-center">
      <div className="mb-6 h-7 w-44 animate-pulse rounded-full bg-muted sm:mb-8" />
      <div className="h-10 w-full max-w-xl animate-pulse rounded-xl bg-muted sm:h-14" />
      <div className="mt-3 h-10 w-4/5 max-w-md animate-pulse rounded-xl bg-muted sm:h-14" />
      <div className="mt-7 h-5 w-full max-w-md animate-pulse rounded-md bg-muted sm:mt-9" />
      <div className="mt-2 h-5 w-3/5 max-w-sm animate-pulse rounded-md bg-muted" />
    </div>
  );
}
