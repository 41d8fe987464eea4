import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { Source } from '@samvad/contracts/sources';

/**
 * Signatures of the answers this server produced (issue 19). A guest's conversation lives in
 * their browser, so when they share it (or import it after signing in) the server must tell its
 * own answers from text the guest typed: each answer is signed, in the chat's `end` event or JSON
 * reply, over the question it answers, the text as kept and its sources; only an answer whose
 * signature checks out is shown as the server's.
 */
export type AnswerSigner = {
  sign(question: string, answer: string, sources: readonly Source[]): string;
  verify(
    question: string,
    answer: string,
    sources: readonly Source[],
    signature: string | undefined,
  ): boolean;
};

/**
 * The key is derived from the session secret, so one secret serves both and neither leaks. It is
 * a KeyObject made once: given as bytes, every createHmac would import it again (most of
 * signing an answer's time).
 */
export function answerSigner(sessionSecret: string): AnswerSigner {
  const key = createSecretKey(
    createHmac('sha256', sessionSecret).update('samvad answer signature v1').digest(),
  );
  const sign = (question: string, answer: string, sources: readonly Source[]) =>
    createHmac('sha256', key)
      .update(canonical(question, answer, sources))
      .digest('base64url');
  return {
    sign,
    verify(question, answer, sources, signature) {
      if (!signature) return false;
      const expected = Buffer.from(sign(question, answer, sources));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * One spelling of the signed content, whatever the order of keys a client's (or jsonb's) copy of
 * the sources has: each source as a fixed tuple of its fields.
 */
function canonical(question: string, answer: string, sources: readonly Source[]): string {
  return JSON.stringify([
    question,
    answer,
    sources.map((source) => [
      source.file_name,
      source.page ?? null,
      source.page_label ?? null,
      source.score,
      source.link ?? null,
      source.excerpt ?? null,
      source.speaker ?? null,
      // Added with issue 20; only when present, so signatures given before stay valid.
      ...(source.title === undefined ? [] : [['title', source.title]]),
      ...(source.quote === undefined ? [] : [['quote', source.quote]]),
      ...(source.paragraph_id === undefined ? [] : [['paragraph_id', source.paragraph_id]]),
      // Added with ADR 034 (an admin's author of the document): who a citation names is signed.
      ...(source.author === undefined ? [] : [['author', source.author]]),
    ]),
  ]);
}
