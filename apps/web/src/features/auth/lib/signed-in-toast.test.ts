import { describe, expect, it } from 'vitest';
import { signedInToast } from './signed-in-toast.ts';

describe('signedInToast', () => {
  it('names the product, as the page title does', () => {
    expect(signedInToast('Samvad')).toEqual({
      title: 'Sign in successful',
      description: "You're now signed in to Samvad",
    });
  });

  it('says no placeholder when the product has no name at hand', () => {
    expect(signedInToast(undefined).description).toBe("You're now signed in");
    expect(signedInToast('  ').description).toBe("You're now signed in");
  });
});
