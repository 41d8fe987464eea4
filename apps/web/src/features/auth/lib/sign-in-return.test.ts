import { afterEach, describe, expect, it } from 'vitest';
import { isReturnPath, rememberSignInReturn, takeSignInReturn } from './sign-in-return.ts';

afterEach(() => sessionStorage.clear());

describe('sign-in return path', () => {
  it('returns once to where sign-in started', () => {
    rememberSignInReturn('/community/profile/savitri?tab=posts');
    expect(takeSignInReturn()).toBe('/community/profile/savitri?tab=posts');
    expect(takeSignInReturn()).toBe('/');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example',
    '/',
    '/auth/google/callback',
    '/banned',
  ])('never returns to %s', (path) => {
    expect(isReturnPath(path)).toBe(false);
    rememberSignInReturn(path);
    expect(takeSignInReturn()).toBe('/');
  });

  it('ignores a stored value planted by someone else', () => {
    sessionStorage.setItem('samvad.signInReturnTo', '//evil.example');
    expect(takeSignInReturn()).toBe('/');
  });
});
