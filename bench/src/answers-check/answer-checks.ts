/**
 * The offline answer-quality checks of issue 18, on one answer (its text and its sources):
 * - evidence quoted: a quote holds the question's evidence phrase (at least half of its word
 *   3-grams, the question set's own test, so whitespace, quotes and hyphenation do not matter);
 * - quoted junk: a quote that is a heading, title, running header, section label or question;
 * - misattribution: a quote the answer presents as the reformer's that the independent oracle
 *   (speaker-oracle.ts) finds in someone else's words.
 */
import type { Source } from '@samvad/contracts/sources';
import { evidenceShare, locationsOf, type QaQuestion } from '../qa/question-set.ts';
import { EVIDENCE_SHARE } from '../qa/scoring.ts';
import { type JunkReason, junkReason } from './junk.ts';
import { quotesOf } from './quotes.ts';
import type { SpeakerOracle } from './speaker-oracle.ts';

export type JunkQuote = { quote: string; reason: JunkReason };

export type Misattribution = {
  quote: string;
  /** The cited source's file and page. */
  cited: string;
  /** Who the oracle says said it, and where. */
  speaker: string;
  where: string;
  /** Why the answer presents it as the reformer's. */
  presentedBy:
    | 'no speaker on the source'
    | 'source names the reformer'
    | 'lead-in names the reformer';
};

export type AnswerCheck = {
  quotes: number;
  evidenceQuoted: boolean;
  junk: JunkQuote[];
  misattributions: Misattribution[];
  /** Quotes presented as the reformer's that the oracle could place (for the report). */
  located: number;
};

/** The source's speaker, however the contract spells it (a name, or {name, role}). */
function speakerOf(source: Source): { name: string | null; role: string | null } | null {
  const raw = (source as Record<string, unknown>).speaker;
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'string') return { name: raw, role: null };
  if (typeof raw === 'object') {
    const value = raw as { name?: unknown; role?: unknown };
    return {
      name: typeof value.name === 'string' ? value.name : null,
      role: typeof value.role === 'string' ? value.role : null,
    };
  }
  return null;
}

export function checkAnswer(input: {
  question: QaQuestion | null;
  answer: string;
  sources: readonly Source[];
  oracle: SpeakerOracle;
  /** The persona's reformer name and aliases. */
  reformerNames: readonly string[];
}): AnswerCheck {
  const quotes = quotesOf(input.answer);
  const names = input.reformerNames.map((name) => name.toLowerCase());
  const namesReformer = (text: string | null) =>
    text !== null && names.some((name) => text.toLowerCase().includes(name));
  const locations = input.question ? locationsOf(input.question) : [];
  const junk: JunkQuote[] = [];
  const misattributions: Misattribution[] = [];
  let located = 0;
  let evidenceQuoted = false;
  for (const quote of quotes) {
    const reason = junkReason(quote.text);
    if (reason) junk.push({ quote: quote.text, reason });
    if (locations.some((l) => evidenceShare(l.evidence, quote.text) >= EVIDENCE_SHARE))
      evidenceQuoted = true;
    for (const n of quote.citations) {
      const source = input.sources[n - 1];
      if (!source) continue;
      const speaker = speakerOf(source);
      const presentedBy: Misattribution['presentedBy'] | null = namesReformer(quote.leadIn)
        ? 'lead-in names the reformer'
        : speaker === null
          ? 'no speaker on the source'
          : speaker.role === 'reformer' || namesReformer(speaker.name)
            ? 'source names the reformer'
            : null;
      if (!presentedBy) continue;
      const where = input.oracle.locate(quote.text, source.file_name);
      if (!where) continue;
      located++;
      // Said by someone else, unless the answer names that speaker just before the quote.
      if (where.role === 'reformer' || where.ambiguous.length > 0) continue;
      const surname = where.speaker.split(/[\s(]/).filter((w) => /^\p{Lu}\p{Ll}{2,}/u.test(w));
      if (
        presentedBy !== 'lead-in names the reformer' &&
        surname.some((w) => quote.leadIn.includes(w))
      )
        continue;
      misattributions.push({
        quote: quote.text,
        cited: `${source.file_name}${source.page ? ` p. ${source.page}` : ''}`,
        speaker: where.speaker,
        where: `${where.file} ${where.where}`,
        presentedBy,
      });
    }
  }
  return { quotes: quotes.length, evidenceQuoted, junk, misattributions, located };
}
