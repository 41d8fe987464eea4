// `node bench/src/qa/library-size-shift.ts [--draws 200] [--json <file>]`
// How much lower the best cosine of an unanswerable question is in a smaller library, measured on
// the TUNE half: the shared corpus is ingested with the product's default model (cached vectors),
// each tune unanswerable question is embedded as the chat embeds it (the reformer's names left
// out), and its best cosine over the whole library is compared with its best over random
// libraries of n chunks. The 'not covered' line (answers/coverage.ts) was calibrated on the whole
// corpus; a library of n chunks lowers it by the mean difference at n, so that an unrelated
// question is refused about as often whatever the library's size.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { vectorsOfChunks } from '@samvad/server/repositories/embedding-repository.ts';
import { searchTextOf } from '@samvad/server/services/chat-service.ts';
import { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';
import { evaluationEmbeddings } from './evaluation-embeddings.ts';
import { DEFAULT_CORPUS, readQuestionSet } from './question-set.ts';

const { values } = parseArgs({
  options: { draws: { type: 'string', default: '200' }, json: { type: 'string' } },
});
const draws = Number(values.draws);
const SIZES = [5, 10, 20, 50, 100, 300, 1000];

const evaluation = await evaluationEmbeddings('local');
const client = evaluation.client;
if (!client) throw new Error('no embedding model');
const persona = await loadPersona(loadConfig({ NODE_ENV: 'test' }).personaFile);
const kb = await ThrowawayKnowledgeBase.create({ embeddings: client });
try {
  await kb.ingest([path.join(DEFAULT_CORPUS, 'ambedkar'), path.join(DEFAULT_CORPUS, 'indic')]);
  const documents = await kb.database.db.query.documents.findMany({
    columns: { id: true, fileName: true },
  });
  const library: Float32Array[] = [];
  const rowsOfFile = new Map<string, number[]>();
  for (const document of documents) {
    const vectors = await vectorsOfChunks(kb.database.db, client.model, [document.id]);
    const rows = rowsOfFile.get(document.fileName) ?? [];
    for (const vector of vectors.values()) rows.push(library.push(vector) - 1);
    rowsOfFile.set(document.fileName, rows);
  }
  const tune = readQuestionSet().filter((q) => q.half === 'tune');
  const embedQuestions = (list: typeof tune) =>
    client.embed(
      list.map((q) => searchTextOf({ persona }, q.question)),
      { kind: 'query' },
    );
  const questions = tune.filter((q) => q.file === null);
  const queryVectors = await embedQuestions(questions);
  // Answerable questions whose file is in the library: their best cosine in a library of the
  // file's chunks and n others, against their best in the whole corpus.
  const fileOf = (q: (typeof tune)[number]) => path.basename(q.file ?? '');
  const answerable = tune.filter((q) => rowsOfFile.has(fileOf(q)));
  const answerableVectors = await embedQuestions(answerable);
  // Deterministic draws (a linear congruential generator), so the run can be repeated.
  let seed = 1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const shifts = new Map<number, number[]>(SIZES.map((n) => [n, []]));
  for (const query of queryVectors) {
    const cosines = library.map((vector) => dot(query, vector));
    const best = Math.max(...cosines);
    for (const n of SIZES) {
      let sum = 0;
      for (let draw = 0; draw < draws; draw++) {
        let drawn = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < n; i++)
          drawn = Math.max(drawn, cosines[Math.floor(random() * cosines.length)] ?? 0);
        sum += drawn;
      }
      shifts.get(n)?.push(best - sum / draws);
    }
  }
  // The calibration's rule: at most FALSE_REFUSALS of answerable questions refused. Their
  // quantile at that share in the whole corpus, and in libraries of n chunks holding their file.
  const FALSE_REFUSALS = 0.05;
  const full: number[] = [];
  const small = new Map<number, number[]>(SIZES.map((n) => [n, []]));
  answerable.forEach((q, i) => {
    const query = answerableVectors[i] as Float32Array;
    const cosines = library.map((vector) => dot(query, vector));
    full.push(Math.max(...cosines));
    const own = Math.max(...(rowsOfFile.get(fileOf(q)) ?? []).map((row) => cosines[row] ?? 0));
    for (const n of SIZES) {
      for (let draw = 0; draw < draws / 10; draw++) {
        let drawn = own;
        for (let i = 0; i < n; i++)
          drawn = Math.max(drawn, cosines[Math.floor(random() * cosines.length)] ?? 0);
        small.get(n)?.push(drawn);
      }
    }
  });
  const quantile = (list: number[]) =>
    [...list].sort((a, b) => a - b)[Math.floor(list.length * FALSE_REFUSALS)] ?? 0;
  const table = SIZES.map((n) => {
    const list = shifts.get(n) ?? [];
    return {
      chunks: n,
      /** Mean fall of an unanswerable question's best cosine. */
      shift: list.reduce((a, b) => a + b, 0) / Math.max(1, list.length),
      /** Fall of the answerable questions' 5 % quantile (the calibration's constraint). */
      answerableShift: quantile(full) - quantile(small.get(n) ?? []),
    };
  });
  console.log(
    `${questions.length} tune unanswerable and ${answerable.length} answerable questions, a library of ${library.length} chunk vectors, ${draws} draws per size`,
  );
  console.log('chunks\tunanswerable mean fall\tanswerable 5 % quantile fall');
  for (const row of table)
    console.log(`${row.chunks}\t${row.shift.toFixed(4)}\t${row.answerableShift.toFixed(4)}`);
  if (values.json) {
    const record = { date: new Date().toISOString(), chunks: library.length, draws, table };
    writeFileSync(values.json, `${JSON.stringify(record, null, 2)}\n`);
  }
} finally {
  await kb.close();
  await evaluation.close();
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}
