/**
 * A cited source's full passage text. A source carries only the first 400 characters of its
 * passage (`excerpt`); judging whether a sentence is supported needs all of it. The evaluation
 * app runs in this process over its own database, so every chunk is read once from it
 * (`streamIndexedChunks`) and a source is matched to its chunk by:
 * 1. the document id in its link (`/api/documents/<id>/file#page=N`);
 * 2. its page (PDFs), when it has one;
 * 3. the chunk whose whitespace-collapsed text starts with the excerpt (ellipsis cut), else the
 *    one holding most of the excerpt's words (an excerpt is cut at a sentence or a word).
 */
import type { Source } from '@samvad/contracts/sources';
import type { Database } from '@samvad/server/db/database.ts';
import {
  type IndexedChunkRow,
  streamIndexedChunks,
} from '@samvad/server/repositories/chunk-repository.ts';
import { evidenceWords } from './question-set.ts';

type Chunk = Pick<IndexedChunkRow, 'documentId' | 'page' | 'text' | 'fileName'> & { flat: string };

export class PassageLookup {
  private readonly byDocument = new Map<string, Chunk[]>();
  private readonly byFile = new Map<string, Chunk[]>();

  static async load(db: Database): Promise<PassageLookup> {
    const lookup = new PassageLookup();
    for await (const page of streamIndexedChunks(db)) {
      for (const row of page) {
        const chunk = {
          documentId: row.documentId,
          page: row.page,
          text: row.text,
          fileName: row.fileName,
          flat: row.text.replace(/\s+/g, ' ').trim(),
        };
        push(lookup.byDocument, row.documentId, chunk);
        push(lookup.byFile, row.fileName, chunk);
      }
    }
    return lookup;
  }

  /** The full text of the passage a source cites, or null when no chunk matches it. */
  textOf(source: Source): string | null {
    const id = /\/api\/documents\/([^/]+)\/file/.exec(source.link ?? '')?.[1];
    const candidates =
      (id ? this.byDocument.get(decodeURIComponent(id)) : undefined) ??
      this.byFile.get(source.file_name) ??
      [];
    const onPage = source.page ? candidates.filter((c) => c.page === source.page) : candidates;
    const pool = onPage.length > 0 ? onPage : candidates;
    const excerpt = (source.excerpt ?? '').replace(/…$/, '').trim();
    if (!excerpt) return pool.length === 1 ? (pool[0]?.text ?? null) : null;
    const exact = pool.find((c) => c.flat.startsWith(excerpt));
    if (exact) return exact.text;
    const wanted = new Set(evidenceWords(excerpt));
    let best: Chunk | null = null;
    let bestShare = 0;
    for (const chunk of pool) {
      const words = new Set(evidenceWords(chunk.flat.slice(0, excerpt.length * 2)));
      let found = 0;
      for (const word of wanted) if (words.has(word)) found++;
      const share = found / Math.max(1, wanted.size);
      if (share > bestShare) [best, bestShare] = [chunk, share];
    }
    return best && bestShare >= 0.8 ? best.text : null;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
