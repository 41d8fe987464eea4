import type { RunFigures, SliceFigures } from '@samvad/contracts/quality-runs';
import type { Source } from '@samvad/contracts/sources';

/**
 * How a run's answers are scored: the rules of bench/src/qa/scoring.ts (ADR 022), copied here
 * because the server imports nothing from bench. A hit is a source from the expected file (or a
 * copy listed in `also`) on the expected page ±1, among the first five sources, as /api/chat
 * lists them. One difference: bench asks a page-less file's passage to hold the evidence; the
 * chat's sources carry only an excerpt, so here the right page-less file is a hit by itself.
 */
export const K = 5;
export const PAGE_TOLERANCE = 1;

export type Location = { file: string; page: number | null };

/** The file's own name: the set may give paths (`ambedkar/pdf/x.pdf`), sources give names. */
function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** 1-based rank of the first source at one of the locations, within K; null when none is. */
export function rankOf(locations: readonly Location[], sources: readonly Source[]): number | null {
  const index = sources.slice(0, K).findIndex((source) =>
    locations.some((location) => {
      if (baseName(location.file) !== baseName(source.file_name)) return false;
      if (location.page === null) return true;
      return (
        source.page !== null &&
        source.page !== undefined &&
        Math.abs(source.page - location.page) <= PAGE_TOLERANCE
      );
    }),
  );
  return index < 0 ? null : index + 1;
}

export type ScoredResult = {
  kind: string;
  language: string;
  answerable: boolean;
  rank: number | null;
  refused: boolean;
};

/** One slice's figures, as bench's summarise() (without its evidence hits). */
export function summarise(results: readonly ScoredResult[]): SliceFigures {
  const answerable = results.filter((r) => r.answerable);
  const unanswerable = results.filter((r) => !r.answerable);
  const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
  const hitAt = (k: number) =>
    share(answerable.filter((r) => r.rank !== null && r.rank <= k).length, answerable.length);
  return {
    questions: results.length,
    answerable: answerable.length,
    hit1: hitAt(1),
    hit3: hitAt(3),
    hit5: hitAt(5),
    mrr5: share(
      answerable.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0),
      answerable.length,
    ),
    falseRefusals: share(answerable.filter((r) => r.refused).length, answerable.length),
    unanswerable: unanswerable.length,
    refusals: share(unanswerable.filter((r) => r.refused).length, unanswerable.length),
  };
}

/** Overall, per language and per kind. */
export function figuresOf(results: readonly ScoredResult[]): RunFigures {
  const by = (key: 'language' | 'kind') => {
    const groups = new Map<string, ScoredResult[]>();
    for (const result of results) {
      groups.set(result[key], [...(groups.get(result[key]) ?? []), result]);
    }
    return Object.fromEntries(
      [...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, group]) => [name, summarise(group)]),
    );
  };
  return { overall: summarise(results), byLanguage: by('language'), byKind: by('kind') };
}
