/**
 * How close in meaning each candidate sentence of the offline answer is to the question: the
 * question embedded as a query ("query: …" for e5), the sentences as passages ("passage: …"),
 * a few at a time in their order (the best passages' first), cosine between them. Answering
 * never waits on it for long: at the deadline the sentences embedded so far have a meaning and
 * the others none; when embeddings are off, or the question itself is not embedded in time,
 * there is no meaning and the offline answer chooses by words alone (ADR 023).
 */
import type { EmbeddingClient } from '../retrieval/embedding-client.ts';

/** Time the question and the sentences may take to embed, within time to first token. */
export const MEANING_TIMEOUT_MS = 300;
/**
 * Sentences per call. All in one call was all or nothing: on a 2-core AVX2 machine 24 sentences
 * take 250–380 ms with nothing else running, so past the deadline no sentence had a meaning;
 * in calls of four, those embedded by then count, and an abandoned call wastes at most four.
 */
export const MEANING_GROUP = 4;
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
  options: { timeoutMs?: number } = {},
): Promise<SentenceMeaning | null> {
  if (!client) return null;
  const signal = AbortSignal.timeout(options.timeoutMs ?? MEANING_TIMEOUT_MS);
  const cosines = new Map<string, number>();
  // Null when the question cannot be embedded in time (or the model is still loading).
  const queryVector = client.embed([question], { kind: 'query', signal }).then(
    ([vector]) => vector ?? null,
    () => null,
  );
  // Each group's cosines are kept as it comes back; the deadline (or a failure) stops the rest.
  const embedInto = async (texts: readonly string[]) => {
    const wanted = [...new Set(texts)].filter((text) => !cosines.has(text));
    try {
      for (let at = 0; at < wanted.length && !signal.aborted; at += MEANING_GROUP) {
        const group = wanted.slice(at, at + MEANING_GROUP);
        // The first group runs beside the question's own call, but is not waited for without a
        // question: while the model loads, a query fails at once and passages wait for it.
        const pending = client.embed(group.map(gist), { kind: 'passage', signal });
        pending.catch(() => {});
        const query = await queryVector;
        if (!query) return;
        const vectors = await pending;
        group.forEach((text, i) => {
          const other = vectors[i];
          if (other) cosines.set(text, cosine(query, other));
        });
      }
    } catch {
      // Past the deadline, or the model failed: what is known stays known.
    }
  };
  await embedInto(sentences);
  if (!(await queryVector)) return null;
  return { cosines, add: embedInto };
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
