import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { SignInButton } from '../../features/auth/components/sign-in-button.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import {
  CommunityProvider,
  type CommunityViewer,
} from '../../features/community/components/community-context.tsx';
import { CommunityFrame } from '../../features/community/components/community-frame.tsx';

/**
 * Every /community page: who is looking (from the session) and the app's sign-in button, handed
 * to the community feature, and its navigation around the page.
 */
export default function CommunityLayoutRoute() {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.user.id : null;
  const isAdmin = auth.status === 'authenticated' && auth.user.role === 'admin';
  const status = auth.status;
  // Stable while the session is, so the community's context does not change on every render.
  const viewer = useMemo<CommunityViewer>(() => {
    if (userId) return { status: 'signed-in', userId, isAdmin };
    return status === 'loading' ? { status: 'loading' } : { status: 'signed-out' };
  }, [userId, isAdmin, status]);
  const signIn = useMemo(() => <SignInButton />, []);

  return (
    <CommunityProvider viewer={viewer} signIn={signIn}>
      <CommunityFrame>
        <Outlet />
      </CommunityFrame>
    </CommunityProvider>
  );
}
