import type { Source } from '@samvad/contracts/sources';
import { useEffect, useId, useState } from 'react';
import { usePersona } from '../../persona/api/get-persona.ts';
import { chicagoNote, citationParts, mlaEntry } from '../lib/citation-styles.ts';

const COPIED_FOR_MS = 2000;

/**
 * 'Cite this' under a source (issue #29 item 8): a disclosure with the source as a Chicago note
 * and an MLA entry, each with a Copy button. The citations are drawn only once it is opened.
 */
export function CiteThis({ source }: { source: Source }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1 text-xs" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="w-fit cursor-pointer rounded-md font-medium text-primary hover:underline">
        Cite this
      </summary>
      {open && <Citations source={source} />}
    </details>
  );
}

function Citations({ source }: { source: Source }) {
  const { data: persona } = usePersona();
  const parts = citationParts(source, persona?.reformerName ?? '');
  return (
    <dl className="mt-1.5 space-y-1.5 rounded-lg border border-border bg-muted/40 p-2.5">
      <Citation style="Chicago" text={chicagoNote(parts)} work={parts.work} />
      <Citation style="MLA" text={mlaEntry(parts)} work={parts.work} />
    </dl>
  );
}

function Citation({ style, text, work }: { style: string; text: string; work: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (insecure context, denied): the citation stays selectable by hand.
    }
  }

  // The work's title in italics, as both styles print it; the copied text is plain.
  const at = text.indexOf(work);
  return (
    <div className="flex items-start gap-2">
      <dt className="w-14 shrink-0 pt-px font-semibold text-muted-foreground">{style}</dt>
      <dd id={id} className="min-w-0 flex-1 leading-relaxed break-words text-foreground select-all">
        {at < 0 ? (
          text
        ) : (
          <>
            {text.slice(0, at)}
            <cite>{work}</cite>
            {text.slice(at + work.length)}
          </>
        )}
      </dd>
      <button
        type="button"
        onClick={copy}
        aria-describedby={id}
        aria-label={`Copy the ${style} citation`}
        className="-my-0.5 shrink-0 cursor-pointer rounded-md px-1.5 py-0.5 font-medium text-primary transition-colors hover:bg-secondary"
      >
        <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      </button>
    </div>
  );
}
