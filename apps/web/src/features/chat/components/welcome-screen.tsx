import type { Persona } from '@samvad/contracts/persona';
import { BookOpenText, HeartHandshake, History, MessagesSquare } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';

/** Spec §9: the multilingual hint changes every 3 seconds. */
const HINT_ROTATION_MS = 3000;
const CAPABILITY_ICONS = [BookOpenText, MessagesSquare, History];

type WelcomeScreenProps = {
  welcome: Persona['welcome'];
  onAsk(question: string): void;
  /** The message box, placed under the examples. */
  composer: ReactNode;
  disabled?: boolean;
};

/** The empty conversation (spec §2): title, description, rotating hint, examples, capabilities. */
export function WelcomeScreen({ welcome, onAsk, composer, disabled = false }: WelcomeScreenProps) {
  const hint = useRotatingItem(welcome.multilingualHints, HINT_ROTATION_MS);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 pt-16 pb-8 sm:px-6 md:pt-24">
        <header className="flex flex-col items-center gap-3 text-center animate-fade-up">
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {welcome.title}
          </h1>
          <p className="max-w-xl leading-relaxed text-pretty text-muted-foreground">
            {welcome.description}
          </p>
          <p
            key={hint}
            className="min-h-6 text-sm font-medium text-primary animate-fade-up"
            aria-live="off"
            data-testid="multilingual-hint"
          >
            {hint}
          </p>
        </header>

        <section aria-label="Example questions" className="grid gap-2.5 sm:grid-cols-3">
          {welcome.exampleQuestions.map((question) => (
            <button
              key={question}
              type="button"
              disabled={disabled}
              onClick={() => onAsk(question)}
              className="cursor-pointer rounded-2xl border border-border bg-card p-4 text-left text-sm leading-snug shadow-xs transition-colors hover:border-foreground/20 hover:bg-secondary disabled:cursor-not-allowed disabled:opacity-60"
            >
              {question}
            </button>
          ))}
        </section>

        {composer}

        <section aria-label="What this assistant can do" className="grid gap-3 sm:grid-cols-3">
          {welcome.capabilities.map((capability, index) => {
            const Icon = CAPABILITY_ICONS[index] ?? BookOpenText;
            return (
              <div key={capability.title} className="rounded-2xl bg-muted/60 p-4">
                <Icon aria-hidden className="mb-2 size-5 text-primary" />
                <h2 className="text-sm font-semibold">{capability.title}</h2>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                  {capability.description}
                </p>
              </div>
            );
          })}
        </section>

        <p className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-center text-sm text-muted-foreground">
          <Link
            to="/community"
            className="rounded-md underline-offset-4 hover:text-foreground hover:underline"
          >
            Join the community
          </Link>
          <Link
            to="/donate"
            className="inline-flex items-center gap-1.5 rounded-md underline-offset-4 hover:text-foreground hover:underline"
          >
            <HeartHandshake aria-hidden className="size-4" />
            Support this project
          </Link>
        </p>
      </div>
    </div>
  );
}

function useRotatingItem(items: string[], intervalMs: number): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), intervalMs);
    return () => clearInterval(timer);
  }, [items.length, intervalMs]);
  return items[index % items.length] ?? '';
}
