import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log.ts';

describe('loggedUrl', () => {
  it('keeps the names but not the values of a sign-in query', () => {
    expect(loggedUrl('/auth/google/callback?code=4%2F0Abc&state=xyz&iss=http%3A%2F%2Fidp')).toBe(
      '/auth/google/callback?code=[redacted]&state=[redacted]&iss=[redacted]',
    );
    expect(loggedUrl('/api/auth/google/start?next=%2Fchat')).toBe(
      '/api/auth/google/start?next=[redacted]',
    );
    expect(loggedUrl('/api/admin/login?password=oops')).toBe(
      '/api/admin/login?password=[redacted]',
    );
    // A query that is not name=value pairs may be a bare token.
    expect(loggedUrl('/auth/google/callback?ya29.a0Af-secret')).toBe(
      '/auth/google/callback?[redacted]',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(loggedUrl('/auth/google/callback')).toBe('/auth/google/callback');
    expect(loggedUrl('/api/admin/users?query=mira&page=2')).toBe(
      '/api/admin/users?query=mira&page=2',
    );
    expect(loggedUrl('/authors?code=1')).toBe('/authors?code=1');
  });
});
