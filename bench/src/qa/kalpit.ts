/**
 * The Kalpit set as a second benchmark: its 22 answerable questions, document-level MRR@5, with
 * its six short passages searched among the whole shared corpus (ambedkar/ and indic/), as a
 * user's knowledge base would hold them. Never tuned on alone (ADR 022).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KnowledgeIndex } from '@samvad/server/services/knowledge-index.ts';
import { type KnowledgeBaseOptions, ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';

type KalpitItem = { id: number; question: string; source_documents: string[] };

export async function runKalpit(corpus: string, options: KnowledgeBaseOptions) {
  const kb = await kalpitKnowledgeBase(corpus, options);
  try {
    return await scoreKalpit(corpus, kb.index);
  } finally {
    await kb.close();
  }
}

/** Kalpit's passages among the whole corpus, ingested once (a sweep re-indexes it per setting). */
export async function kalpitKnowledgeBase(corpus: string, options: KnowledgeBaseOptions) {
  const kb = await ThrowawayKnowledgeBase.create(options);
  await kb.ingest(
    [path.join(corpus, 'kalpit'), path.join(corpus, 'ambedkar'), path.join(corpus, 'indic')],
    new Set(['test_dataset.json', 'speech.txt']),
  );
  return kb;
}

export async function scoreKalpit(corpus: string, index: KnowledgeIndex) {
  const file = path.join(corpus, 'kalpit', 'test_dataset.json');
  const items = (
    JSON.parse(readFileSync(file, 'utf8')) as { test_questions: KalpitItem[] }
  ).test_questions.filter((q) => q.source_documents.length > 0);
  let reciprocal = 0;
  let hit5 = 0;
  for (const q of items) {
    const passages = await index.search(q.question, 50);
    const ranked = [...new Set(passages.map((p) => p.fileName))].slice(0, 5);
    const rank = ranked.findIndex((name) => q.source_documents.includes(name));
    if (rank >= 0) {
      reciprocal += 1 / (rank + 1);
      hit5++;
    }
  }
  return { questions: items.length, mrr5: reciprocal / items.length, hit5: hit5 / items.length };
}
