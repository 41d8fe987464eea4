import { z } from 'zod';
import { answerSignatureSchema } from './chat.ts';
import {
  cutTitle,
  DEFAULT_CONVERSATION_TITLE,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MAX_SOURCES,
  SHARE_MAX_MESSAGES,
} from './conversation-rules.ts';
import { sourceSchema } from './sources.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

/** Stored roles; the product's 'ai' is accepted on input and stored as 'assistant'. */
export const messageRoleSchema = z.enum(['user', 'assistant']);

export const messageSchema = z.object({
  role: messageRoleSchema,
  content: z.string(),
  sources: z.array(sourceSchema),
  timestamp: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageInputSchema = z.object({
  role: z
    .enum(['user', 'assistant', 'ai'])
    .transform((role) => (role === 'ai' ? 'assistant' : role)),
  content: z
    .string()
    .max(MESSAGE_MAX_LENGTH, `A message may have at most ${MESSAGE_MAX_LENGTH} characters`)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE),
  sources: z
    .array(sourceSchema)
    .max(MESSAGE_MAX_SOURCES, `A message may cite at most ${MESSAGE_MAX_SOURCES} sources`)
    .default([]),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  /**
   * An answer's signature as the chat sent it (`end` event / JSON reply): proves that the server
   * produced this text and these sources in reply to the question before it (issue 19).
   */
  signature: answerSignatureSchema.optional(),
});
export type MessageInput = z.input<typeof messageInputSchema>;

/** Trimmed, never empty; a long one cut after a whole word with '…' (cutTitle: TITLE_MAX_LENGTH). */
export const titleSchema = z
  .string()
  .trim()
  .min(1, 'The title must not be empty')
  .refine(isStorableText, STORABLE_TEXT_MESSAGE)
  .transform(cutTitle);

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  userId: z.string(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isShared: z.boolean(),
  shareableId: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * A message of the caller's own conversation: an answer comes with the server's signature of it
 * (over the question before it), so that it can be rated after a reload (issue #31).
 */
export const ownMessageSchema = messageSchema.extend({
  signature: answerSignatureSchema.optional(),
});

export const conversationSchema = conversationSummarySchema.extend({
  /** GET: the newest page of messages, oldest first (CONVERSATION_PAGE_MAX_*). */
  messages: z.array(ownMessageSchema),
  /** Whether older messages exist; fetch them with `?before=<nextCursor>`. */
  hasMore: z.boolean().optional(),
  nextCursor: z.string().nullable().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/conversations: newest `updatedAt` first in each list. */
export const conversationListSchema = z.object({
  active: z.array(conversationSummarySchema),
  archived: z.array(conversationSummarySchema),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const createConversationRequestSchema = z
  .object({ title: titleSchema.optional() })
  .optional()
  .default({});

export const updateConversationRequestSchema = z
  .object({ title: titleSchema.optional(), archived: z.boolean().optional() })
  .refine((body) => body.title !== undefined || body.archived !== undefined, {
    message: 'Send a title or archived',
  });

/** GET /api/conversations/{id}?before=<cursor>: the page of messages older than the cursor. */
export const conversationPageQuerySchema = z.object({ before: z.string().max(200).optional() });

export const addMessageResponseSchema = z.object({ message: messageSchema });

/** A guest's share sends its browser-held conversation; a member's share sends nothing. */
export const guestShareRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .max(200)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .default(DEFAULT_CONVERSATION_TITLE),
  messages: z
    .array(messageInputSchema)
    .min(1, 'A shared conversation needs at least one message')
    .max(
      SHARE_MAX_MESSAGES,
      `A shared conversation may have at most ${SHARE_MAX_MESSAGES} messages`,
    ),
});

export const shareResponseSchema = z.object({ shareableId: z.string() });

/**
 * A shared message. `unverified`: an answer the server cannot vouch for (a guest's snapshot whose
 * signature did not check out); shown with UNVERIFIED_ANSWER_NOTICE, never with sources.
 */
export const sharedMessageSchema = messageSchema.extend({ unverified: z.boolean().optional() });
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

export const sharedConversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  messages: z.array(sharedMessageSchema),
  shareableId: z.string(),
  /** Set when the snapshot was longer than a link may answer: only its first messages came. */
  truncated: z.boolean().optional(),
  totalMessages: z.number().int().nonnegative().optional(),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;
