// `node bench/src/tune-bm25.ts`: grid search of BM25 k1 and b on the Kalpit questions with the
// whole corpus as distractors (how BM25_K1 and BM25_B were chosen; see docs/decisions).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chunks, documents } from '@samvad/server/db/schema.ts';
import { Bm25Index } from '@samvad/server/retrieval/bm25-index.ts';
import { eq } from 'drizzle-orm';
import { ThrowawayKnowledgeBase } from './throwaway-knowledge-base.ts';

const corpus = path.resolve(import.meta.dirname, '../../../shared/corpus');
const questions = (
  JSON.parse(readFileSync(path.join(corpus, 'kalpit/test_dataset.json'), 'utf8')) as {
    test_questions: { question: string; source_documents: string[]; answerable: boolean }[];
  }
).test_questions.filter((q) => q.answerable);

const kb = await ThrowawayKnowledgeBase.create();
try {
  await kb.ingest([corpus], new Set(['SOURCES.md', 'test_dataset.json']));
  const rows = await kb.database.db
    .select({
      id: chunks.id,
      documentId: chunks.documentId,
      text: chunks.text,
      fileName: documents.fileName,
    })
    .from(chunks)
    .innerJoin(documents, eq(documents.id, chunks.documentId));
  const fileOf = new Map(rows.map((row) => [row.id, row.fileName]));
  const byDocument = Map.groupBy(rows, (row) => row.documentId);
  const results: { k1: number; b: number; mrr: number; hit5: number }[] = [];
  for (const k1 of [0.6, 0.9, 1.2, 1.5, 2.0]) {
    for (const b of [0.5, 0.75, 0.9, 1.0]) {
      const index = new Bm25Index({ k1, b });
      for (const [documentId, list] of byDocument) index.upsertDocument(documentId, list);
      let mrr = 0;
      let hit5 = 0;
      for (const q of questions) {
        const ranked = [
          ...new Set(index.search(q.question, { limit: 50 }).map((hit) => fileOf.get(hit.chunkId))),
        ].slice(0, 5);
        const rank = ranked.findIndex((name) => name && q.source_documents.includes(name));
        if (rank >= 0) {
          mrr += 1 / (rank + 1);
          hit5 += 1;
        }
      }
      results.push({ k1, b, mrr: mrr / questions.length, hit5 });
    }
  }
  results.sort((x, y) => y.mrr - x.mrr);
  for (const r of results) {
    console.log(
      `k1=${r.k1} b=${r.b}  MRR@5=${r.mrr.toFixed(3)}  Hit@5=${r.hit5}/${questions.length}`,
    );
  }
} finally {
  await kb.close();
}
