import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    migrationsApplied: z.boolean(),
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
