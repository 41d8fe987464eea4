/**
 * How a ranked list of passages is scored against a question of the team's set (ADR 022):
 * - location hit: the right file and, for a PDF, its page ±1; for a file without pages the
 *   passage must hold the evidence (at least half of its word 3-grams), since "the right file"
 *   alone says little of a 1 MB book;
 * - evidence hit: the right file and the passage holds at least half of the evidence's 3-grams.
 * Any copy listed in `also` counts as the target.
 */
import path from 'node:path';
import { evidenceShare, locationsOf, type QaQuestion } from './question-set.ts';

export const K = 5;
export const PAGE_TOLERANCE = 1;
export const EVIDENCE_SHARE = 0.5;

export type RankedPassage = { fileName: string; page: number | null; text: string };

export type Judged = {
  /** 1-based rank of the first location hit within K, or null. */
  locationRank: number | null;
  evidenceRank: number | null;
};

export function judge(q: QaQuestion, ranked: readonly RankedPassage[]): Judged {
  const locations = locationsOf(q);
  let locationRank: number | null = null;
  let evidenceRank: number | null = null;
  ranked.slice(0, K).forEach((passage, index) => {
    for (const location of locations) {
      if (path.basename(location.file) !== passage.fileName) continue;
      const holdsEvidence = evidenceShare(location.evidence, passage.text) >= EVIDENCE_SHARE;
      const onPage =
        location.page === null
          ? holdsEvidence
          : passage.page !== null && Math.abs(passage.page - location.page) <= PAGE_TOLERANCE;
      if (onPage) locationRank ??= index + 1;
      if (holdsEvidence) evidenceRank ??= index + 1;
    }
  });
  return { locationRank, evidenceRank };
}

export type RunResult = {
  id: string;
  kind: QaQuestion['kind'];
  language: QaQuestion['language'];
  half: string;
  answerable: boolean;
  judged: Judged;
  /** Came back with no sources (the chat path's 'not covered'). */
  refused: boolean;
};

export type SliceSummary = {
  questions: number;
  answerable: number;
  hit1: number;
  hit3: number;
  hit5: number;
  mrr5: number;
  evidenceHit5: number;
  unanswerable: number;
  unanswerableRefused: number;
  answerableRefused: number;
};

export function summarise(results: readonly RunResult[]): SliceSummary {
  const answerable = results.filter((r) => r.answerable);
  const unanswerable = results.filter((r) => !r.answerable);
  const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
  const hitAt = (k: number) =>
    share(
      answerable.filter((r) => r.judged.locationRank !== null && r.judged.locationRank <= k).length,
      answerable.length,
    );
  return {
    questions: results.length,
    answerable: answerable.length,
    hit1: hitAt(1),
    hit3: hitAt(3),
    hit5: hitAt(5),
    mrr5: share(
      answerable.reduce(
        (sum, r) => sum + (r.judged.locationRank ? 1 / r.judged.locationRank : 0),
        0,
      ),
      answerable.length,
    ),
    evidenceHit5: share(
      answerable.filter((r) => r.judged.evidenceRank !== null).length,
      answerable.length,
    ),
    unanswerable: unanswerable.length,
    unanswerableRefused: share(unanswerable.filter((r) => r.refused).length, unanswerable.length),
    answerableRefused: share(answerable.filter((r) => r.refused).length, answerable.length),
  };
}

/** The slices the issue asks for: all, by half, by kind, by language, and the target rows. */
export function slices(results: readonly RunResult[]): Record<string, SliceSummary> {
  return sliced(results, summarise);
}

type Sliceable = Pick<RunResult, 'id' | 'kind' | 'language' | 'half' | 'answerable'>;

/**
 * The part (bench/qa/questions/hindi.jsonl, ids `hindi-nnn`) that asks Hindi questions of the
 * Hindi BAWS volume, whose text is legacy-font mojibake decoded at load (issue 21).
 */
const HINDI_VOLUME_PART = 'hindi-';

/** Any per-question rows cut into the same slices, each summarised by `summary`. */
export function sliced<T extends Sliceable, S>(
  results: readonly T[],
  summary: (subset: readonly T[]) => S,
): Record<string, S> {
  const out: Record<string, S> = {};
  const add = (name: string, subset: readonly T[]) => {
    if (subset.length > 0) out[name] = summary(subset);
  };
  for (const half of ['all', 'tune', 'held-out']) {
    const inHalf = half === 'all' ? results : results.filter((r) => r.half === half);
    const prefix = half === 'all' ? '' : `${half}: `;
    add(`${prefix}all`, inHalf);
    add(
      `${prefix}English`,
      inHalf.filter((r) => r.language === 'en' && r.answerable),
    );
    add(
      `${prefix}paraphrase + keyword-poor`,
      inHalf.filter((r) => r.kind === 'paraphrase' || r.kind === 'keyword-poor'),
    );
    // Questions in Hindi or Marathi answered by English text, as the retrieval issue (#17) set
    // its target; the Hindi volume's own questions are the next slice.
    add(
      `${prefix}Hindi + Marathi`,
      inHalf.filter(
        (r) =>
          (r.language === 'hi' || r.language === 'mr') &&
          r.answerable &&
          !r.id.startsWith(HINDI_VOLUME_PART),
      ),
    );
    add(
      `${prefix}Hindi volume (hi→hi)`,
      inHalf.filter((r) => r.id.startsWith(HINDI_VOLUME_PART) && r.answerable),
    );
    add(
      `${prefix}Tamil`,
      inHalf.filter((r) => r.language === 'ta' && r.answerable),
    );
    add(
      `${prefix}unanswerable`,
      inHalf.filter((r) => !r.answerable),
    );
    if (half === 'all') {
      for (const kind of ['factual', 'paraphrase', 'keyword-poor']) {
        add(
          `kind ${kind}`,
          inHalf.filter((r) => r.kind === kind),
        );
      }
      for (const language of ['en', 'hi', 'mr', 'ta']) {
        add(
          `language ${language}`,
          inHalf.filter((r) => r.language === language && r.answerable),
        );
      }
    }
  }
  return out;
}
