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
  /** 'full': the database's disk has no room for writes (refused with 507); reads go on. */
  storage: z.enum(['ok', 'full']),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
