import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-client.ts';
import { actionFailureToast, isNotFound } from './action-error.ts';

const apiError = (status: number, code: string, message: string) =>
  new ApiError(status, '', '', { error: { code, message } });

describe('actionFailureToast', () => {
  it("reads 'Authentication required' when the session is gone", () => {
    expect(
      actionFailureToast(apiError(401, 'unauthorized', 'Authentication required')),
    ).toMatchObject({ title: 'Authentication required', variant: 'destructive' });
  });

  it("reads 'Action failed' with the server's reason, or a retry hint without one", () => {
    expect(
      actionFailureToast(apiError(403, 'forbidden', 'Create a community profile first')),
    ).toEqual({
      title: 'Action failed',
      description: 'Create a community profile first',
      variant: 'destructive',
    });
    expect(actionFailureToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Action failed',
      description: 'Please try again.',
      variant: 'destructive',
    });
  });
});

describe('isNotFound', () => {
  it('is true for a 404 only', () => {
    expect(isNotFound(apiError(404, 'not_found', 'No such profile'))).toBe(true);
    expect(isNotFound(apiError(500, 'internal', 'x'))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
