/**
 * The Kalpit set as a second benchmark: its 22 answerable questions, document-level MRR@5, with
 * its six short passages searched among the whole shared corpus (ambedkar/ and indic/), as a
 * user's knowledge base would hold them. Never tuned on alone (ADR 022). With `answers`, each
 * question also goes through POST /api/chat and its whole answer is scored by ROUGE-L F1 against
 * the ground truth (issue 18), as `npm run eval:answers` scores Kalpit's passages alone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KnowledgeIndex } from '@samvad/server/retrieval/knowledge-index.ts';
import { rougeLF1 } from '../rouge-l.ts';
import { type KnowledgeBaseOptions, ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';
import { startQaApp } from './qa-app.ts';

type KalpitItem = {
  id: number;
  question: string;
  ground_truth: string;
  source_documents: string[];
};

export type KalpitAnswers = { rougeL: number; perQuestion: { id: number; rougeL: number }[] };

export async function runKalpit(
  corpus: string,
  options: KnowledgeBaseOptions,
  answers?: { env: Record<string, string> },
) {
  const kb = await kalpitKnowledgeBase(corpus, options);
  try {
    const scores = await scoreKalpit(corpus, kb.index);
    if (!answers) return { ...scores, answers: null };
    const app = await startQaApp(kb, answers.env);
    try {
      const perQuestion = [];
      for (const q of answerableItems(corpus)) {
        const reply = await app.ask(q.question);
        perQuestion.push({ id: q.id, rougeL: rougeLF1(reply.answer, q.ground_truth) });
      }
      const rougeL =
        perQuestion.reduce((sum, q) => sum + q.rougeL, 0) / Math.max(1, perQuestion.length);
      return { ...scores, answers: { rougeL, perQuestion } satisfies KalpitAnswers };
    } finally {
      await app.close();
    }
  } finally {
    await kb.close();
  }
}

function answerableItems(corpus: string): KalpitItem[] {
  const file = path.join(corpus, 'kalpit', 'test_dataset.json');
  return (
    JSON.parse(readFileSync(file, 'utf8')) as { test_questions: KalpitItem[] }
  ).test_questions.filter((q) => q.source_documents.length > 0);
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
  const items = answerableItems(corpus);
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
