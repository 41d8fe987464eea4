import { personaSchema } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { MEMBER_MEMORY_TEXT, welcomeForViewer } from './welcome-for-viewer.ts';

const { welcome } = personaSchema.parse({
  productName: 'P',
  reformerName: 'R',
  headlineLines: ['a'],
  tagline: 't',
  description: 'd',
});

describe('welcomeForViewer', () => {
  it('tells a guest to sign in, as the persona says', () => {
    expect(welcomeForViewer(welcome, false)).toBe(welcome);
    const memory = welcome.capabilities.find((c) => c.title === 'Conversation Memory');
    expect(memory?.description).toMatch(/^Sign in to keep your conversations/);
  });

  it('does not tell a signed-in member to sign in', () => {
    const forMember = welcomeForViewer(welcome, true);
    const memory = forMember.capabilities.find((c) => c.title === 'Conversation Memory');
    expect(memory?.description).toBe(MEMBER_MEMORY_TEXT);
    expect(forMember.capabilities.map((c) => c.description).join(' ')).not.toMatch(/sign in/i);
    // The other cards are the persona's own.
    expect(forMember.capabilities.slice(0, 2)).toEqual(welcome.capabilities.slice(0, 2));
  });
});
