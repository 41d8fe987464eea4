import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Opaque page cursors: the position of the last item, as base64url JSON. Clients pass them back
 * untouched; anything that does not decode to the expected shape is a 400, never a 500.
 */
export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | null {
  if (cursor === undefined) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: refused below like any other malformed cursor.
  }
  throw new AppError('bad_request', 'The cursor is not valid; start again from the first page.');
}
