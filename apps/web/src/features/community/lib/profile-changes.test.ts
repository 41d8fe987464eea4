import { describe, expect, it } from 'vitest';
import { myProfile } from '../test/community-fixtures.ts';
import { profileChanges } from './profile-changes.ts';

const before = myProfile({ username: 'asha', displayName: 'Asha Devi', bio: 'Reader' });
const same = { username: 'asha', displayName: 'Asha Devi', bio: 'Reader' };

describe('profileChanges', () => {
  it('sends nothing when nothing changed', () => {
    expect(profileChanges(before, same)).toEqual({});
  });

  it('sends only the fields that changed', () => {
    expect(profileChanges(before, { ...same, username: 'asha_d' })).toEqual({
      username: 'asha_d',
    });
    expect(profileChanges(before, { ...same, bio: 'Writer' })).toEqual({ bio: 'Writer' });
  });

  it('turns an emptied bio into null and an emptied display name into the username', () => {
    expect(profileChanges(before, { ...same, bio: '' })).toEqual({ bio: null });
    expect(profileChanges(before, { ...same, displayName: '' })).toEqual({ displayName: null });
    const plain = myProfile({ username: 'asha', displayName: 'asha', bio: null });
    expect(profileChanges(plain, { username: 'asha', displayName: '', bio: '' })).toEqual({});
  });
});
