import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { IngestOutcome } from '../services/ingestion-service.ts';

/** Which answerer produced a chat answer: the server's model, or the offline extractive one. */
export type AnswererKind = 'extractive' | 'llm';

/** The 429s counted: the chat's usage limits (the body's `type`) and the community's hourly ones. */
export type RefusalType =
  | 'request'
  | 'message'
  | 'conversation'
  | 'post'
  | 'follow'
  | 'like'
  | 'username';

const REFUSAL_TYPES: readonly RefusalType[] = [
  'request',
  'message',
  'conversation',
  'post',
  'follow',
  'like',
  'username',
];
const INGEST_OUTCOMES: readonly IngestOutcome['status'][] = [
  'ingested',
  'replaced',
  'skipped',
  'failed',
];

/** What the knowledge-index gauges read when scraped. */
export type LoadedKnowledge = { readonly loaded: { documents: number; chunks: number } };

/** Per answer: time to its first token, and its pace after that. */
export type AnswerMetrics = {
  firstToken(secondsSinceRequest: number): void;
  /** A whole answer: `tokens` tokens, the last `secondsAfterFirst` after the first. */
  finished(tokens: number, secondsAfterFirst: number): void;
  streamOpened(): void;
  streamClosed(): void;
};

/**
 * One app's metrics, in its own registry: tests build many apps in one process, and each must
 * count only its own requests. Series are prefixed `samvad_`; their labels take a bounded set of
 * values (route patterns, never raw URLs).
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'samvad_http_request_duration_seconds',
    help: 'Time from a request arriving to its response ending, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status_code'] as const,
    // Chat streams last as long as the answer: up to the model timeout.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  private readonly timeToFirstToken = new Histogram({
    name: 'samvad_chat_time_to_first_token_seconds',
    help: 'Time from a chat request arriving to the first token of its answer, by answerer.',
    labelNames: ['answerer'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
    registers: [this.registry],
  });

  private readonly tokensPerSecond = new Histogram({
    name: 'samvad_chat_tokens_per_second',
    help: 'Tokens per second of a whole chat answer after its first token, by answerer.',
    labelNames: ['answerer'] as const,
    // The extractive answerer's whole answer is ready at once: it lands past the last bucket.
    buckets: [1, 2, 5, 10, 20, 30, 50, 75, 100, 150, 200, 500, 1000],
    registers: [this.registry],
  });

  private readonly activeStreams = new Gauge({
    name: 'samvad_chat_active_streams',
    help: 'Chat answers being streamed now (event-stream requests not yet ended).',
    registers: [this.registry],
  });

  /** Observes each KnowledgeIndex search a chat answer makes. */
  readonly retrievalDuration = new Histogram({
    name: 'samvad_retrieval_duration_seconds',
    help: 'Time of one knowledge-index search, passage texts included.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  private readonly limitRefusals = new Counter({
    name: 'samvad_limit_refusals_total',
    help: 'Requests refused with 429 by a usage limit, by limit type.',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  private readonly ingestedDocuments = new Counter({
    name: 'samvad_ingestion_documents_total',
    help: 'Documents this server was asked to ingest (admin uploads), by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly ingestedPages = new Counter({
    name: 'samvad_ingestion_pages_total',
    help: 'Pages of the documents ingested (formats with pages).',
    registers: [this.registry],
  });

  private readonly ingestedChunks = new Counter({
    name: 'samvad_ingestion_chunks_total',
    help: 'Chunks written for the documents ingested.',
    registers: [this.registry],
  });

  constructor(knowledge: LoadedKnowledge) {
    // Read at scrape time, so nothing on the request path keeps them up to date.
    new Gauge({
      name: 'samvad_knowledge_index_documents',
      help: 'Documents loaded in the in-memory knowledge index of this server.',
      registers: [this.registry],
      collect() {
        this.set(knowledge.loaded.documents);
      },
    });
    new Gauge({
      name: 'samvad_knowledge_index_chunks',
      help: 'Chunks loaded in the in-memory knowledge index of this server.',
      registers: [this.registry],
      collect() {
        this.set(knowledge.loaded.chunks);
      },
    });
    // Every series exists from the start at 0, so a first increase shows as one.
    for (const type of REFUSAL_TYPES) this.limitRefusals.inc({ type }, 0);
    for (const outcome of INGEST_OUTCOMES) this.ingestedDocuments.inc({ outcome }, 0);
  }

  /** The callbacks one answerer's answers report to (labels bound once, at start). */
  answerMetrics(answerer: AnswererKind): AnswerMetrics {
    const firstToken = this.timeToFirstToken.labels({ answerer });
    const pace = this.tokensPerSecond.labels({ answerer });
    const streams = this.activeStreams;
    return {
      firstToken: (seconds) => firstToken.observe(seconds),
      finished(tokens, secondsAfterFirst) {
        // One token, or all at once, has no pace to speak of.
        if (tokens > 1 && secondsAfterFirst > 0) pace.observe((tokens - 1) / secondsAfterFirst);
      },
      streamOpened: () => streams.inc(),
      streamClosed: () => streams.dec(),
    };
  }

  refused(type: RefusalType): void {
    this.limitRefusals.inc({ type });
  }

  /** Counts one ingest: its outcome, and the pages and chunks it wrote. */
  ingested(outcome: IngestOutcome): void {
    this.ingestedDocuments.inc({ outcome: outcome.status });
    if (outcome.status === 'ingested' || outcome.status === 'replaced') {
      this.ingestedPages.inc(outcome.pages ?? 0);
      this.ingestedChunks.inc(outcome.chunks);
    }
  }

  /** The exposition text: this app's series, then the process's (CPU, memory, event loop, GC). */
  async exposition(): Promise<{ contentType: string; text: string }> {
    const merged = Registry.merge([this.registry, processRegistry()]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }
}

let processMetrics: Registry | null = null;

/**
 * Node's default metrics describe the process, not an app: one collector per process (its GC
 * observer and event-loop monitor run for good), shared by every app the process builds.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}
