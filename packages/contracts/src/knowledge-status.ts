import { z } from 'zod';

/**
 * GET /api/knowledge/status (public): whether the knowledge base holds anything yet, so a fresh
 * install can say "no documents have been added yet" instead of "not covered" (issue 20).
 */
export const knowledgeStatusSchema = z.object({
  /** Documents in the searchable index (0 on a fresh install). */
  documents: z.number().int().nonnegative(),
});
export type KnowledgeStatus = z.infer<typeof knowledgeStatusSchema>;
