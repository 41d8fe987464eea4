import { errorCodes } from '@samvad/contracts/errors';
import { describe, expect, it } from 'vitest';
import { AppError, errorCodeForStatus, statusByErrorCode } from './app-error.ts';

describe('AppError', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const code of errorCodes) {
      expect(statusByErrorCode[code]).toBeGreaterThanOrEqual(400);
      expect(statusByErrorCode[code]).toBeLessThan(600);
    }
  });

  it('keeps its cause', () => {
    const cause = new Error('db down');
    const error = new AppError('unavailable', 'Try again soon.', { cause });
    expect(error.cause).toBe(cause);
    expect(error.statusCode).toBe(503);
  });

  it('reads a status back into a code', () => {
    expect(errorCodeForStatus(404)).toBe('not_found');
    expect(errorCodeForStatus(400)).toBe('bad_request');
    expect(errorCodeForStatus(413)).toBe('payload_too_large');
    expect(errorCodeForStatus(418)).toBe('bad_request');
    expect(errorCodeForStatus(501)).toBe('internal');
    expect(errorCodeForStatus(502)).toBe('upstream_failed');
  });
});
