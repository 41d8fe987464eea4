import { describe, expect, it } from 'vitest';
import { chatRequestSchema } from './chat.ts';

describe('chatRequestSchema conversation_id', () => {
  it('keeps a server id and a guest id', () => {
    for (const id of ['3f0c6c1e-8d0a-4d59-9a55-0f8e2f9b9f11', 'guest-1733100000000-ab12']) {
      expect(
        chatRequestSchema.parse({ question: 'Who wrote it?', conversation_id: id }),
      ).toMatchObject({ conversation_id: id });
    }
  });

  it('refuses an id the database cannot hold (half a surrogate pair, NUL), naming the field', () => {
    for (const id of ['\udfff\udfff', 'a\u0000b']) {
      const parsed = chatRequestSchema.safeParse({ question: 'Who?', conversation_id: id });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^conversation_id: The text contains/);
    }
  });
});
