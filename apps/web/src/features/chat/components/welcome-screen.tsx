import type { Persona } from '@samvad/contracts/persona';
import { BookOpenText, HeartHandshake, History, MessagesSquare } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
// Two app-wide facts the welcome screen reads itself (its page passes only the persona's texts):
// whether the knowledge base has documents, and whether donations are set up.
import { useKnowledgeBaseEmpty } from '../../knowledge-status/api/get-knowledge-status.ts';
import { usePersona } from '../../persona/api/get-persona.ts';

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

/**
 * The empty conversation (spec §2): title, description, rotating hint, examples, capabilities.
 * On an empty knowledge base it promises no cited answers: it says no documents have been added
 * yet, and how to add them. The Donate link shows only when donations are set up.
 */
export function WelcomeScreen({ welcome, onAsk, composer, disabled = false }: WelcomeScreenProps) {
  const hint = useRotatingItem(welcome.multilingualHints, HINT_ROTATION_MS);
  const knowledgeBaseEmpty = useKnowledgeBaseEmpty();
  const donationsSetUp = Boolean(usePersona().data?.donation);
  // The first capability is the knowledge base's ("answers come from the writings"): not yet.
  const capabilities = knowledgeBaseEmpty ? welcome.capabilities.slice(1) : welcome.capabilities;
  const iconOffset = welcome.capabilities.length - capabilities.length;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 pt-16 pb-8 sm:px-6 md:pt-24">
        <header className="flex flex-col items-center gap-3 text-center animate-rise">
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {welcome.title}
          </h1>
          {knowledgeBaseEmpty ? (
            <EmptyKnowledgeBaseNotice />
          ) : (
            <p className="max-w-xl leading-relaxed text-pretty text-muted-foreground">
              {welcome.description}
            </p>
          )}
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

        <section
          aria-label="What this assistant can do"
          className={knowledgeBaseEmpty ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3 sm:grid-cols-3'}
        >
          {capabilities.map((capability, index) => {
            const Icon = CAPABILITY_ICONS[index + iconOffset] ?? BookOpenText;
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
          {donationsSetUp && (
            <Link
              to="/donate"
              className="inline-flex items-center gap-1.5 rounded-md underline-offset-4 hover:text-foreground hover:underline"
            >
              <HeartHandshake aria-hidden className="size-4" />
              Support this project
            </Link>
          )}
        </p>
      </div>
    </div>
  );
}

/** In place of the description while the knowledge base is empty: what is missing, and how to fill it. */
function EmptyKnowledgeBaseNotice() {
  return (
    <div
      role="status"
      className="flex max-w-xl flex-col gap-1.5 rounded-2xl border border-border bg-card px-4 py-3 text-sm leading-relaxed shadow-xs"
    >
      <p className="font-medium text-foreground">No documents have been added yet.</p>
      <p className="text-pretty text-muted-foreground">
        Until they are, there is nothing to quote from. An administrator adds them in{' '}
        <Link
          to="/admin?tab=knowledge-base"
          className="font-medium text-foreground underline underline-offset-4"
        >
          Admin → Knowledge Base
        </Link>
        , or on the server with{' '}
        <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em] text-foreground">
          npm run ingest &lt;folder&gt;
        </code>
        .
      </p>
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
