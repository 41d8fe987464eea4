import { describe, expect, it } from 'vitest';
import { testPost, testProfile } from '../test/community-fixtures.ts';
import {
  followedProfile,
  mapPostsIn,
  mapProfilesIn,
  removePostIn,
  toggledPost,
  withToggleState,
} from './post-cache.ts';

const liked = (post: ReturnType<typeof testPost>) => toggledPost(post, 'like', true);

describe('mapPostsIn', () => {
  it('changes every entry of the post in every infinite page, reposts included', () => {
    const original = testPost({ id: 'p1' });
    const reposted = testPost({ id: 'p1', feedKey: 'repost:p1:u3', repostedBy: null });
    const other = testPost({ id: 'p2' });
    const data = {
      pages: [
        { posts: [original, other], nextCursor: 'c' },
        { posts: [reposted], nextCursor: null },
      ],
      pageParams: [null, 'c'],
    };
    const next = mapPostsIn(data, 'p1', liked) as typeof data;
    expect(next.pages[0]?.posts[0]).toMatchObject({ liked: true, likeCount: 3 });
    expect(next.pages[1]?.posts[0]).toMatchObject({ liked: true, likeCount: 3 });
    expect(next.pages[0]?.posts[1]).toBe(other);
    expect(next.pageParams).toBe(data.pageParams);
  });

  it('reaches collection quotes and search results', () => {
    const collection = { collection: {}, quotes: [testPost()], nextCursor: null };
    const search = { posts: [testPost()], profiles: [] };
    expect((mapPostsIn(collection, 'p1', liked) as typeof collection).quotes[0]?.liked).toBe(true);
    expect((mapPostsIn(search, 'p1', liked) as typeof search).posts[0]?.liked).toBe(true);
  });

  it('returns the same object when the post is not there, so the cache is left alone', () => {
    const data = { pages: [{ posts: [testPost({ id: 'p2' })], nextCursor: null }] };
    expect(mapPostsIn(data, 'p1', liked)).toBe(data);
    expect(mapPostsIn(undefined, 'p1', liked)).toBeUndefined();
    const profile = testProfile();
    expect(mapPostsIn(profile, 'p1', liked)).toBe(profile);
  });
});

describe('removePostIn', () => {
  it('takes out every entry of a post and keeps the rest', () => {
    const keep = testPost({ id: 'p2' });
    const data = {
      pages: [{ posts: [testPost(), keep, testPost({ feedKey: 'repost:p1' })], nextCursor: null }],
    };
    const next = removePostIn(data, 'p1') as typeof data;
    expect(next.pages[0]?.posts).toEqual([keep]);
    expect(removePostIn(next, 'p1')).toBe(next);
  });
});

describe('mapProfilesIn', () => {
  it('changes profile lists, matched by user id', () => {
    const follow = (profile: ReturnType<typeof testProfile>) => followedProfile(profile, true);
    const list = { pages: [{ profiles: [testProfile(), testProfile({ userId: 'u9' })] }] };
    const next = mapProfilesIn(list, 'u2', follow) as typeof list;
    expect(next.pages[0]?.profiles[0]).toMatchObject({ isFollowing: true, followerCount: 6 });
    expect(next.pages[0]?.profiles[1]).toBe(list.pages[0]?.profiles[1]);
    const search = { posts: [], profiles: [testProfile()] };
    expect(mapProfilesIn(search, 'u7', follow)).toBe(search);
  });

  it('changes a profile cached on its own (the profile page, the viewer’s own)', () => {
    const profile = testProfile();
    const next = mapProfilesIn(profile, 'u2', (p) => followedProfile(p, true));
    expect(next).toMatchObject({ isFollowing: true, followerCount: 6 });
    expect(mapProfilesIn(profile, 'u7', (p) => followedProfile(p, true))).toBe(profile);
    expect(mapProfilesIn(null, 'u2', (p) => followedProfile(p, true))).toBeNull();
  });
});

describe('toggles', () => {
  it('moves a count only when its flag really changes', () => {
    const post = testPost({ liked: false, likeCount: 2, reposted: true, repostCount: 1 });
    expect(toggledPost(post, 'like', true)).toMatchObject({ liked: true, likeCount: 3 });
    expect(toggledPost(post, 'like', false)).toBe(post);
    expect(toggledPost(post, 'repost', false)).toMatchObject({ reposted: false, repostCount: 0 });
    expect(toggledPost(post, 'repost', true)).toBe(post);
  });

  it('never counts below zero', () => {
    const post = testPost({ liked: true, likeCount: 0 });
    expect(toggledPost(post, 'like', false).likeCount).toBe(0);
    const profile = testProfile({ isFollowing: true, followerCount: 0 });
    expect(followedProfile(profile, false).followerCount).toBe(0);
  });

  it("takes the server's counts over the guess", () => {
    const post = testPost({ liked: true, likeCount: 3 });
    const state = { liked: true, likeCount: 7, reposted: false, repostCount: 1 };
    expect(withToggleState(post, state)).toMatchObject(state);
    expect(withToggleState(post, { ...state, likeCount: 3 })).toBe(post);
  });
});
