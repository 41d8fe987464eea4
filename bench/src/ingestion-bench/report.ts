/** The per-file table and figures of the ingestion benchmark. */
import path from 'node:path';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { median } from '../suite/summary-row.ts';
import type { OursRun } from './ours.ts';
import type { ReferenceRun } from './pdftotext.ts';
import type { DocumentSimilarity } from './similarity.ts';

export type FileResult = {
  file: string;
  /** Our page count when we read the file, else pdftotext's, else null. */
  pages: number | null;
  /** 'ok' or the loader's reason for refusing the file (damaged, garbled, …). */
  ours: {
    status: string;
    error?: string;
    pages: number;
    seconds: number[];
    medianSeconds: number;
  };
  reference: { status: string; pages: number | null; seconds: number[]; medianSeconds: number };
  /** Both extract text: the file counts in the headline figures. */
  headline: boolean;
  /** Against pdftotext -layout, which reads lines across the page as we do. */
  similarity: (SimilarityTotals & { lowestPages: LowPage[] }) | null;
  /** Against pdftotext's default mode, which reads a table column after column. */
  readingOrderSimilarity: SimilarityTotals | null;
  /** The pdf.js text layer before our clean-ups (see extractTextLayer) against -layout. */
  textLayerSimilarity: SimilarityTotals | null;
  warnings: string[];
};

type SimilarityTotals = Omit<DocumentSimilarity, 'pages'>;

/** Our text against each reference text of one file; null where one side has no text. */
export type FileSimilarities = {
  layout: DocumentSimilarity | null;
  readingOrder: DocumentSimilarity | null;
  textLayer: DocumentSimilarity | null;
};

type LowPage = { page: number; similarity: number; referenceWords: number; oursWords: number };

export function fileResult(
  file: string,
  ours: OursRun[],
  reference: ReferenceRun[],
  similarities: FileSimilarities,
): FileResult {
  const { layout, readingOrder, textLayer } = similarities;
  const first = ours[0];
  const firstReference = reference[0];
  if (!first || !firstReference) throw new Error(`no runs for ${file}`);
  const referencePages = firstReference.ok ? firstReference.pages.length : null;
  const oursSeconds = ours.map((run) => run.seconds);
  const referenceSeconds = reference.map((run) => run.seconds);
  return {
    file,
    pages: first.pages > 0 ? first.pages : referencePages,
    ours: {
      status: first.ok ? 'ok' : first.reason,
      ...(first.ok ? {} : { error: first.error }),
      pages: first.pages,
      seconds: oursSeconds,
      medianSeconds: median(oursSeconds),
    },
    reference: {
      status: firstReference.ok ? 'ok' : firstReference.error,
      pages: referencePages,
      seconds: referenceSeconds,
      medianSeconds: median(referenceSeconds),
    },
    headline: first.ok && firstReference.ok,
    similarity: layout && { ...totals(layout), lowestPages: lowestPages(layout, 3) },
    readingOrderSimilarity: readingOrder && totals(readingOrder),
    textLayerSimilarity: textLayer && totals(textLayer),
    warnings: first.ok ? first.warnings : [],
  };
}

function totals(result: DocumentSimilarity): SimilarityTotals {
  const { similarity, bagSimilarity, oursWords, referenceWords, matched } = result;
  return { similarity, bagSimilarity, oursWords, referenceWords, matched };
}

function lowestPages(result: DocumentSimilarity, count: number): LowPage[] {
  return result.pages
    .flatMap(({ page, similarity, referenceWords, oursWords }) =>
      similarity === null ? [] : [{ page, similarity, referenceWords, oursWords }],
    )
    .sort((a, b) => a.similarity - b.similarity)
    .slice(0, count);
}

const rate = (pages: number | null, seconds: number) =>
  pages && seconds > 0 ? Number((pages / seconds).toFixed(1)) : null;

export function fileTable(files: readonly FileResult[], corpus: string): string {
  return renderTable(
    [
      'file',
      'pages',
      'ours pages/s',
      'pdftotext pages/s',
      'ratio',
      'similarity (-layout)',
      'default mode',
      'order-free',
      'text layer',
      'lowest pages (similarity, our/ref words)',
      'ours',
      'pdftotext',
    ],
    files.map((f) => {
      const ours = f.ours.pages > 0 ? rate(f.ours.pages, f.ours.medianSeconds) : null;
      const reference = rate(f.reference.pages, f.reference.medianSeconds);
      return [
        path.relative(corpus, f.file),
        f.pages,
        ours,
        reference,
        ours !== null && reference ? Number((ours / reference).toFixed(2)) : null,
        f.similarity ? Number(f.similarity.similarity.toFixed(4)) : null,
        f.readingOrderSimilarity ? Number(f.readingOrderSimilarity.similarity.toFixed(4)) : null,
        f.readingOrderSimilarity ? Number(f.readingOrderSimilarity.bagSimilarity.toFixed(4)) : null,
        f.textLayerSimilarity ? Number(f.textLayerSimilarity.similarity.toFixed(4)) : null,
        f.similarity?.lowestPages
          .map((p) => `p${p.page} ${p.similarity.toFixed(2)} (${p.oursWords}/${p.referenceWords})`)
          .join(', ') ?? '–',
        f.ours.status,
        f.reference.status.slice(0, 40),
      ];
    }),
  );
}
