import { expect } from 'vitest';
import { REPLY_TEXTS } from '../../src/answers/reply-texts.ts';

/** The English 'not covered' answer as `POST /api/chat` returns it in JSON: no sources. */
export const NOT_COVERED_JSON = {
  answer: REPLY_TEXTS.en.notCovered,
  sources: [],
  signature: expect.any(String),
};
