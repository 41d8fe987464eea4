import { describe, expect, it } from 'vitest';
import { communityPaths, safeCommunityPath, withNext } from './community-paths.ts';

describe('safeCommunityPath', () => {
  it('accepts paths inside the community', () => {
    expect(safeCommunityPath('/community')).toBe('/community');
    expect(safeCommunityPath('/community?quote=1')).toBe('/community?quote=1');
    expect(safeCommunityPath('/community/profile/asha?tab=collections')).toBe(
      '/community/profile/asha?tab=collections',
    );
  });

  it('refuses anything that could leave the community or the site', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/community',
      '//evil.example/community',
      '/communityx',
      '/chat',
      '/community/\\evil.example',
      '/community/\nx',
      'javascript:alert(1)',
    ]) {
      expect(safeCommunityPath(raw)).toBeNull();
    }
  });
});

describe('paths', () => {
  it('encodes names and adds the way back', () => {
    expect(communityPaths.profile('a b')).toBe('/community/profile/a%20b');
    expect(communityPaths.profile('asha', 'collections')).toBe(
      '/community/profile/asha?tab=collections',
    );
    expect(communityPaths.profile('asha', 'posts')).toBe('/community/profile/asha');
    expect(withNext('/community/create-profile', '/community?quote=1')).toBe(
      '/community/create-profile?next=%2Fcommunity%3Fquote%3D1',
    );
    expect(withNext('/x?a=1', '/community')).toBe('/x?a=1&next=%2Fcommunity');
  });
});
