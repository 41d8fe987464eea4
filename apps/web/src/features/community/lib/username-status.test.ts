import { describe, expect, it } from 'vitest';
import { usernameAcceptable, usernameStatus } from './username-status.ts';

const base = { value: 'asha_d', debounced: 'asha_d', answer: undefined, failed: false };

describe('usernameStatus', () => {
  it("gives the spec's rule messages before asking the server", () => {
    expect(usernameStatus({ ...base, value: ' ' })).toEqual({
      kind: 'invalid',
      message: 'Username is required',
    });
    expect(usernameStatus({ ...base, value: 'ab' })).toEqual({
      kind: 'invalid',
      message: 'Username must be at least 3 characters long',
    });
    expect(usernameStatus({ ...base, value: 'asha devi' })).toEqual({
      kind: 'invalid',
      message: 'Username can only contain letters, numbers, underscores, and hyphens',
    });
  });

  it('waits for the debounced value and its answer', () => {
    expect(usernameStatus({ ...base, debounced: 'asha' })).toEqual({ kind: 'checking' });
    expect(usernameStatus(base)).toEqual({ kind: 'checking' });
    expect(usernameStatus({ ...base, answer: { available: true, message: null } })).toEqual({
      kind: 'available',
    });
  });

  it("reads 'This username is already taken' when the server says so", () => {
    expect(usernameStatus({ ...base, answer: { available: false, message: null } })).toEqual({
      kind: 'taken',
      message: 'This username is already taken',
    });
  });

  it("accepts the member's own name, in any case, without asking", () => {
    const status = usernameStatus({ ...base, value: 'Asha_D', current: 'asha_d' });
    expect(status).toEqual({ kind: 'unchanged' });
    expect(usernameAcceptable(status)).toBe(true);
  });

  it('lets the server decide when the check itself failed', () => {
    const status = usernameStatus({ ...base, failed: true });
    expect(status).toEqual({ kind: 'unknown' });
    expect(usernameAcceptable(status)).toBe(true);
    expect(usernameAcceptable({ kind: 'checking' })).toBe(false);
    expect(usernameAcceptable({ kind: 'taken', message: 'x' })).toBe(false);
  });
});
