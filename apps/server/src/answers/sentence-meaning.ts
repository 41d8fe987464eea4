/**
 * How close in meaning each candidate sentence of the offline answer is to the question: the
 * question embedded as a query ("query: …" for e5), the sentences as passages ("passage: …"),
 * in one batched call, cosine between them. Answering never waits on it for long: past the
 * deadline, or when embeddings are off or fail, there is no meaning and the offline answer
 * chooses by words alone (ADR 023).
 */
import type { EmbeddingClient } from '../retrieval/embedding-client.ts';

/** Time the question and the sentences may take to embed, within time to first token. */
export const MEANING_TIMEOUT_MS = 300;
/** Sentences longer than this are embedded by their first words (their gist; time is short). */
export const MAX_EMBEDDED_WORDS = 40;

/** Cosine to the question, by sentence text; what is not known is absent. */
export type SentenceMeaning = {
  cosines: Map<string, number>;
  /** Embeds sentences not yet known, within the same deadline; a failure leaves them unknown. */
  add(sentences: readonly string[]): Promise<void>;
};

/**
 * The question's vector and the sentences' cosines, or null when there is no client, or the
 * question cannot be embedded in time (the offline answer then chooses by words).
 */
export async function sentenceMeaning(
  client: EmbeddingClient | null | undefined,
  question: string,
  sentences: readonly string[],
  options: { timeoutMs?: number; onError?: (error: unknown) => void } = {},
): Promise<SentenceMeaning | null> {
  if (!client) return null;
  const signal = AbortSignal.timeout(options.timeoutMs ?? MEANING_TIMEOUT_MS);
  const cosines = new Map<string, number>();
  const embedInto = async (vector: Promise<Float32Array | undefined>, texts: readonly string[]) => {
    const wanted = [...new Set(texts)].filter((text) => !cosines.has(text));
    if (wanted.length === 0) return;
    // One batched call; the question's own call runs beside it.
    const [query, vectors] = await Promise.all([
      vector,
      client.embed(wanted.map(gist), { kind: 'passage', signal }),
    ]);
    if (!query) return;
    wanted.forEach((text, i) => {
      const other = vectors[i];
      if (other) cosines.set(text, cosine(query, other));
    });
  };
  try {
    const queryVector = client.embed([question], { kind: 'query', signal }).then(([v]) => v);
    await embedInto(queryVector, sentences);
    if (!(await queryVector)) return null;
    return {
      cosines,
      async add(more) {
        try {
          await embedInto(queryVector, more);
        } catch (error) {
          options.onError?.(error);
        }
      },
    };
  } catch (error) {
    options.onError?.(error);
    return null;
  }
}

function gist(sentence: string): string {
  const words = sentence.split(/\s+/);
  return words.length > MAX_EMBEDDED_WORDS
    ? words.slice(0, MAX_EMBEDDED_WORDS).join(' ')
    : sentence;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
