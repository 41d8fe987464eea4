/**
 * Client for OpenAI-compatible `POST {baseUrl}/embeddings` (OpenAI, Ollama, llama.cpp, vLLM,
 * LM Studio…). Batches run one after another so a local model server is not flooded.
 */

export type EmbeddingClientOptions = {
  /** e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Texts per request. */
  batchSize?: number;
  /** Retries after the first attempt, on 429, 5xx, timeouts and network errors only. */
  maxRetries?: number;
  /** Per request (per attempt), in milliseconds. */
  timeoutMs?: number;
  /** First backoff delay; doubles on each retry. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
};

export type EmbeddingClient = {
  readonly model: string;
  /** One vector per text, in the order of `texts`. */
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
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
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const maxRetries = Math.max(0, options.maxRetries ?? 3);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const fetchImpl = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  async function attempt(input: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: options.model, input }),
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
    return parseEmbeddings(payload, input.length, url);
  }

  async function withRetries(input: readonly string[], signal?: AbortSignal) {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(input, signal);
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
    async embed(texts, embedOptions = {}) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        vectors.push(...(await withRetries(batch, embedOptions.signal)));
      }
      const dimensions = vectors[0]?.length;
      if (vectors.some((vector) => vector.length !== dimensions)) {
        throw new EmbeddingError(`Embeddings from ${url} differ in dimensions between batches`);
      }
      return vectors;
    },
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
