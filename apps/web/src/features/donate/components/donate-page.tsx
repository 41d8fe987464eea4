import type { PersonaResponse } from '@samvad/contracts/persona';
import { ArrowLeft, HeartHandshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DonationBills } from './donation-bills.tsx';
import { UpiDonationCard } from './upi-donation-card.tsx';

interface DonatePageProps {
  /** Undefined while it loads (or when it failed): placeholders, or `notice`, stand in. */
  persona: PersonaResponse | undefined;
  /** Shown instead of the page's content when there is no persona, e.g. a load error. */
  notice?: ReactNode;
}

/**
 * The donation page (spec §2 "Donation page (/donate)"), from the persona's donation settings;
 * until a deployment sets them, a notice that donations are not set up (no placeholder details).
 */
export function DonatePage({ persona, notice }: DonatePageProps) {
  const donation = persona?.donation;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 sm:gap-10">
      <div>
        <Link
          to="/chat"
          className="group -ml-3 inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground"
        >
          <ArrowLeft
            aria-hidden
            className="size-4 transition-transform group-hover:-translate-x-0.5"
          />
          Back to Chat
        </Link>
      </div>
      {persona && !donation && <DonationsNotSetUp productName={persona.productName} />}
      {persona && donation ? (
        <>
          <header className="flex animate-rise flex-col items-start gap-4">
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/60 px-3.5 py-1.5 text-xs font-medium tracking-wide text-muted-foreground backdrop-blur-sm sm:text-[0.8125rem]">
              <HeartHandshake aria-hidden className="size-3.5 text-accent" />
              Support {persona.productName}
            </p>
            <h1 className="font-serif text-4xl font-medium tracking-tight text-balance text-foreground sm:text-5xl">
              Keep {persona.productName} free for everyone
            </h1>
            <p className="max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
              {donation.message}
            </p>
            <p className="max-w-2xl text-sm leading-relaxed text-pretty text-muted-foreground">
              Every gift, however small, keeps the writings of {persona.reformerName} a question
              away for anyone who wants to read them.
            </p>
          </header>
          <div className="animate-rise [animation-delay:80ms]">
            <UpiDonationCard donation={donation} />
          </div>
          <div className="animate-rise [animation-delay:160ms]">
            <DonationBills answerer={persona.answerer} />
          </div>
          <p className="text-center font-serif text-lg text-muted-foreground italic">
            Thank you for keeping {persona.productName} going.
          </p>
        </>
      ) : (
        !persona && (notice ?? <DonatePageSkeleton />)
      )}
    </div>
  );
}

/** The page without donation settings: says so, and where an administrator sets them. */
function DonationsNotSetUp({ productName }: { productName: string }) {
  return (
    <header className="flex animate-rise flex-col items-start gap-4">
      <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/60 px-3.5 py-1.5 text-xs font-medium tracking-wide text-muted-foreground backdrop-blur-sm sm:text-[0.8125rem]">
        <HeartHandshake aria-hidden className="size-3.5 text-accent" />
        Support {productName}
      </p>
      <h1 className="font-serif text-4xl font-medium tracking-tight text-balance text-foreground sm:text-5xl">
        Donations are not set up on this server yet.
      </h1>
      <p className="max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground">
        This server has no donation details, so there is nowhere to send a gift from here.
      </p>
      <p className="max-w-2xl text-sm leading-relaxed text-pretty text-muted-foreground">
        Administrators: add a <code className="font-mono text-[0.9em]">donation</code> section (UPI
        id, payee name, payment page and message) to the persona file named by{' '}
        <code className="font-mono text-[0.9em]">PERSONA_FILE</code>, then restart the server.
      </p>
    </header>
  );
}

function DonatePageSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <div className="h-7 w-40 animate-pulse rounded-full bg-muted" />
        <div className="h-12 w-full max-w-xl animate-pulse rounded-xl bg-muted" />
        <div className="h-5 w-full max-w-2xl animate-pulse rounded-md bg-muted" />
        <div className="h-5 w-3/5 max-w-md animate-pulse rounded-md bg-muted" />
      </div>
      <div className="h-80 animate-pulse rounded-2xl bg-muted" />
    </div>
  );
}
