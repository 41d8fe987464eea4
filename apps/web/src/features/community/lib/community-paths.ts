/** The community's own addresses (spec admin-community §2, route table and links). */
export const communityPaths = {
  home: '/community',
  explore: '/community/explore',
  settings: '/community/settings',
  createProfile: '/community/create-profile',
  editProfile: '/community/edit-profile',
  createCollection: '/community/collections/create',
  profile: (username: string, tab?: ProfileTab) =>
    `/community/profile/${encodeURIComponent(username)}${tab && tab !== 'posts' ? `?tab=${tab}` : ''}`,
  collection: (id: string) => `/community/collections/${encodeURIComponent(id)}`,
} as const;

export type ProfileTab = 'posts' | 'collections' | 'network';

export const NEXT_PARAM = 'next';

/**
 * Where to go back to after a detour (create profile, create collection): only a path inside
 * the community, so a crafted link cannot send anyone off the site.
 */
export function safeCommunityPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!/^\/community(?:[/?#]|$)/.test(raw)) return null;
  // Backslashes and control characters have no place in our paths and can disguise a host.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  return raw;
}

/** `path` with `?next=<back>` (or `&next=` when it already has a query). */
export function withNext(path: string, back: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${NEXT_PARAM}=${encodeURIComponent(back)}`;
}
