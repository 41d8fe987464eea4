import type { Profile } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { COMMUNITY_KEY } from '../api/query-keys.ts';
import { SIGN_IN_TO_ACT } from '../lib/action-error.ts';
import { AuthPromptDialog, type PromptKind } from './auth-prompt-dialog.tsx';

/** Who is looking, as the community needs to know it (the app derives it from the session). */
export type CommunityViewer =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; userId: string; isAdmin: boolean };

type CommunityContextValue = {
  viewer: CommunityViewer;
  /** The viewer's own profile: undefined while it loads, null when there is none. */
  me: Profile | null | undefined;
  /** The app's sign-in button (features do not import each other: the page passes it in). */
  signIn: ReactNode;
  /**
   * Before an action only members with a profile may take (spec §5, §6): false, after asking
   * them to sign in ("Authentication required") or to create a profile, for a visitor or a
   * member known to have none; true otherwise.
   */
  requireMember(): boolean;
};

const CommunityContext = createContext<CommunityContextValue | null>(null);

export function useCommunity(): CommunityContextValue {
  const value = useContext(CommunityContext);
  if (!value) throw new Error('useCommunity needs a CommunityProvider');
  return value;
}

/** The viewer's id as the owner of cached answers ('' for a visitor, null while unknown). */
const viewerKeyOf = (viewer: CommunityViewer) =>
  viewer.status === 'signed-in' ? viewer.userId : viewer.status === 'loading' ? null : '';

const cacheOwners = new WeakMap<QueryClient, string>();

/** Claims the community's cached answers for `key`; someone else's are reset or dropped. */
function claimCache(queryClient: QueryClient, key: string | null, drop: 'remove' | 'reset') {
  if (key === null) return;
  const owner = cacheOwners.get(queryClient);
  cacheOwners.set(queryClient, key);
  if (owner === undefined || owner === key) return;
  if (drop === 'remove') queryClient.removeQueries({ queryKey: COMMUNITY_KEY });
  else void queryClient.resetQueries({ queryKey: COMMUNITY_KEY });
}

/**
 * Liked, reposted and following flags belong to a viewer. Answers cached for another viewer
 * (signed out on the settings page, another account in this tab) are dropped when the community
 * opens, before any page reads them, and reset (refetched) if the viewer changes meanwhile.
 */
function useCacheOwner(viewer: CommunityViewer) {
  const queryClient = useQueryClient();
  const key = viewerKeyOf(viewer);
  // During the first render, before any page below has subscribed to a query.
  useState(() => claimCache(queryClient, key, 'remove'));
  useEffect(() => claimCache(queryClient, key, 'reset'), [queryClient, key]);
}

export function CommunityProvider({
  viewer,
  signIn,
  children,
}: {
  viewer: CommunityViewer;
  signIn: ReactNode;
  children: ReactNode;
}) {
  useCacheOwner(viewer);
  const signedIn = viewer.status === 'signed-in';
  const myProfile = useMyProfile(signedIn);
  const me = signedIn ? myProfile.data : viewer.status === 'signed-out' ? null : undefined;
  const [prompt, setPrompt] = useState<PromptKind | null>(null);

  // While the session or the profile is still loading, the action goes ahead and the server
  // decides: a click must never be dropped without a word.
  const requireMember = useCallback(() => {
    if (viewer.status === 'signed-out') {
      toast({
        title: communityText.authenticationRequired,
        description: SIGN_IN_TO_ACT,
        variant: 'destructive',
      });
      setPrompt('sign-in');
      return false;
    }
    if (me === null) {
      setPrompt('create-profile');
      return false;
    }
    return true;
  }, [viewer.status, me]);

  const value = useMemo(
    () => ({ viewer, me, signIn, requireMember }),
    [viewer, me, signIn, requireMember],
  );

  return (
    <CommunityContext.Provider value={value}>
      {children}
      <AuthPromptDialog
        kind={prompt}
        signIn={signIn}
        onOpenChange={(open) => {
          if (!open) setPrompt(null);
        }}
      />
    </CommunityContext.Provider>
  );
}
