import { z } from 'zod';

/**
 * Every error the API returns has one of these codes. The server owns the single
 * code → HTTP status mapping (apps/server/src/http/app-error.ts); clients branch on
 * the code, never on the message.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'banned',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal',
  'upstream_failed',
  'unavailable',
  'upstream_timeout',
  'insufficient_storage',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
