import { z } from 'zod';
import { CHAT_HISTORY_MAX_TURNS, QUESTION_MAX_LENGTH } from './chat-rules.ts';
import { sourceSchema } from './sources.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

/** POST /api/chat (spec §3 "Chat request"); `conversation_id` is a server id or a guest's local id. */
export const chatRequestSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'The question must not be empty')
    .max(QUESTION_MAX_LENGTH, `A question may have at most ${QUESTION_MAX_LENGTH} characters`)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE),
  chat_history: z
    .array(
      z.object({
        role: z
          .enum(['user', 'assistant', 'ai'])
          .transform((role) => (role === 'ai' ? 'assistant' : role)),
        content: z.string().max(32_000),
      }),
    )
    .max(CHAT_HISTORY_MAX_TURNS, `chat_history may have at most ${CHAT_HISTORY_MAX_TURNS} turns`)
    .default([]),
  detected_language: z.string().trim().max(16).nullish(),
  conversation_id: z
    .string()
    .min(1)
    .max(64)
    .refine(isStorableText, `conversation_id: ${STORABLE_TEXT_MESSAGE}`)
    .nullish(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/**
 * The server's signature of an answer it produced (HMAC-SHA256, base64url): over the question,
 * the answer as kept and its sources. Clients keep it with the answer; a guest's share and an
 * import of a guest's chat send it back, and only signed answers count as the server's.
 */
export const answerSignatureSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Not an answer signature');

/** One `data:` line of the stream; the stream ends with `data: [DONE]`. */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('token'), token: z.string() }),
  z.object({
    type: z.literal('end'),
    sources: z.array(sourceSchema),
    /**
     * The answer as kept, when it differs from the tokens streamed: the citation check removed
     * markers its passages do not support. The client shows this text in place of the tokens.
     */
    answer: z.string().optional(),
    signature: answerSignatureSchema.optional(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** With `Accept: application/json`: the whole answer at once. */
export const chatResponseSchema = z.object({
  answer: z.string(),
  sources: z.array(sourceSchema),
  signature: answerSignatureSchema.optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;
