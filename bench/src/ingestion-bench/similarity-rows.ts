/**
 * The similarity rows of the ingestion summary. The target row compares our loader's text with
 * pdftotext -layout, which reads each line across the page as we do; the others account for
 * the differences: pdftotext's default mode reads a table column after column (the same words
 * in another order, which the order-free row shows), and the pdf.js text layer before our
 * deliberate clean-ups (running heads, page numbers, legacy-font lines, hyphenated line ends)
 * shows what extraction alone gives.
 */
import { type SummaryRow, summaryRow } from '../suite/summary-row.ts';
import type { FileResult } from './report.ts';

export const SIMILARITY_TARGET = 0.98;

type Totals = NonNullable<FileResult['readingOrderSimilarity']>;

export type OverallSimilarity = { similarity: number; bagSimilarity: number };

/** Word-weighted over the files: the LCS figure is then 2·L / (|a| + |b|) overall. */
export function overallSimilarity(
  files: readonly FileResult[],
  pick: (file: FileResult) => Totals | null,
): OverallSimilarity {
  let matched = 0;
  let bagWeighted = 0;
  let words = 0;
  for (const file of files) {
    const result = pick(file);
    if (!result) continue;
    const count = result.oursWords + result.referenceWords;
    matched += result.matched;
    bagWeighted += result.bagSimilarity * count;
    words += count;
  }
  return words === 0
    ? { similarity: 0, bagSimilarity: 0 }
    : { similarity: (2 * matched) / words, bagSimilarity: bagWeighted / words };
}

export type SimilarityFigures = {
  layout: OverallSimilarity;
  readingOrder: OverallSimilarity;
  textLayer: OverallSimilarity;
};

export function similarityFigures(files: readonly FileResult[]): SimilarityFigures {
  return {
    layout: overallSimilarity(files, (f) => f.similarity),
    readingOrder: overallSimilarity(files, (f) => f.readingOrderSimilarity),
    textLayer: overallSimilarity(files, (f) => f.textLayerSimilarity),
  };
}

const LCS = 'word LCS 2·L/(|a|+|b|), word-weighted over pages';

export function similarityRows(figures: SimilarityFigures, scope: string): SummaryRow[] {
  const row = (measure: string, ours: number, referenceName: string, target = false) =>
    summaryRow({
      area: 'ingestion',
      measure: `${measure} (${scope})`,
      unit: '0..1',
      ours,
      reference: null,
      referenceName,
      ...(target
        ? {
            target: {
              text: `≥ ${SIMILARITY_TARGET}`,
              met: ({ ours: value }: { ours: number }) => value >= SIMILARITY_TARGET,
            },
          }
        : {}),
    });
  return [
    row(
      `text similarity to pdftotext -layout (lines read across the page, as ours), ${LCS}`,
      figures.layout.similarity,
      'pdftotext -layout text of the same pages',
      true,
    ),
    row(
      `text similarity to pdftotext's default mode (tables read column after column), ${LCS}`,
      figures.readingOrder.similarity,
      'pdftotext text of the same pages',
    ),
    row(
      "the same with word order ignored: words as multisets, Dice 2·|a∩b|/(|a|+|b|) per file, word-weighted, against pdftotext's default mode",
      figures.readingOrder.bagSimilarity,
      'pdftotext text of the same pages',
    ),
    row(
      `extraction alone: the pdf.js text layer's lines before our deliberate clean-ups (page furniture kept, legacy-font lines kept, hyphenated line ends not re-joined) against pdftotext -layout, ${LCS}`,
      figures.textLayer.similarity,
      'pdftotext -layout text of the same pages',
    ),
  ];
}

export const SIMILARITY_EXPLANATION = [
  'The similarity rows: the first is our loader end to end against pdftotext -layout, which reads each line across the page as our loader does. pdftotext’s default mode reads a table column after column; the order-free row shows the words are the same, only in another order (a table row kept together is one retrievable fact, so we keep rows).',
  'The text-layer row is what pdf.js gives before the loader drops running heads, page numbers and lines in legacy non-Unicode fonts and re-joins words hyphenated at line ends: those make our text differ from pdftotext’s on purpose.',
].join('\n');
