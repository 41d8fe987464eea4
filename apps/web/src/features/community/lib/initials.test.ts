import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first and last words of the display name', () => {
    expect(initialsOf('Meera Rao')).toBe('MR');
    expect(initialsOf('asha')).toBe('A');
    expect(initialsOf('Bhimrao Ramji Ambedkar')).toBe('BA');
    expect(initialsOf('अंबेडकर भीमराव')).toBe('अभ');
  });

  it('falls back to the username, then to nothing', () => {
    expect(initialsOf('   ', 'kabir_das')).toBe('KD');
    expect(initialsOf('!!', '__')).toBe('');
  });
});
