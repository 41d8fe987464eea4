/**
 * The reference row: plain BM25 as a newcomer would build it. One chunk per PDF page, 250-word
 * windows (no overlap) over everything else, Lucene's k1 = 1.2 and b = 0.75, no fields, no
 * duplicate handling, no dense side. Text comes from the same loaders as ours, so the row
 * measures ranking and chunking, not text extraction.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectFiles } from '@samvad/server/cli/collect-files.ts';
import { loadDocument } from '@samvad/server/knowledge/load-document.ts';
import { Bm25Index } from '@samvad/server/retrieval/bm25-index.ts';
import type { RankedPassage } from './scoring.ts';

const WINDOW_WORDS = 250;

export class BaselineBm25 {
  private readonly index = new Bm25Index({ k1: 1.2, b: 0.75, fieldWeight: 0 });
  private readonly passages = new Map<string, RankedPassage>();

  static async build(targets: string[]): Promise<BaselineBm25> {
    const baseline = new BaselineBm25();
    for (const file of await collectFiles(targets)) {
      const fileName = path.basename(file);
      let blocks: Awaited<ReturnType<typeof loadDocument>>['blocks'];
      try {
        blocks = (await loadDocument({ fileName, bytes: new Uint8Array(readFileSync(file)) }))
          .blocks;
      } catch {
        continue; // the same files fail to load for the product (damaged, legacy font)
      }
      const pieces: RankedPassage[] = [];
      if (blocks.some((block) => block.page !== null)) {
        const byPage = Map.groupBy(blocks, (block) => block.page ?? 0);
        for (const [page, onPage] of byPage) {
          pieces.push({ fileName, page, text: onPage.map((block) => block.text).join('\n\n') });
        }
      } else {
        const words = blocks
          .map((block) => block.text)
          .join('\n\n')
          .split(/\s+/)
          .filter(Boolean);
        for (let start = 0; start < words.length; start += WINDOW_WORDS) {
          pieces.push({
            fileName,
            page: null,
            text: words.slice(start, start + WINDOW_WORDS).join(' '),
          });
        }
      }
      baseline.index.upsertDocument(
        fileName,
        pieces.map((piece, i) => {
          baseline.passages.set(`${fileName}#${i}`, piece);
          return { id: `${fileName}#${i}`, text: piece.text };
        }),
      );
    }
    return baseline;
  }

  search(question: string, limit: number): RankedPassage[] {
    return this.index
      .search(question, { limit })
      .flatMap((hit) => this.passages.get(hit.chunkId) ?? []);
  }
}
