import { communityText } from '@samvad/contracts/community-rules';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useCreateProfile } from '../api/create-profile.ts';
import { communityPaths, NEXT_PARAM, safeCommunityPath } from '../lib/community-paths.ts';
import { useCommunity } from './community-context.tsx';
import { PageCard, PageLoading } from './page-card.tsx';
import { ProfileForm } from './profile-form.tsx';

/**
 * /community/create-profile (spec §2): username, display name, bio. Signed out, or with a
 * profile already, it goes back to /community; after creating, to `?next=` (a community path)
 * or the community.
 */
export function CreateProfilePage() {
  const { viewer, me } = useCommunity();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeCommunityPath(params.get(NEXT_PARAM)) ?? communityPaths.home;
  const createProfile = useCreateProfile();
  const [rejected, setRejected] = useState<{ username: string; message: string } | null>(null);

  if (viewer.status === 'signed-out') return <Navigate to={communityPaths.home} replace />;
  // Once created, the page is on its way to `next`: the "already has one" rule must not win.
  if (me && !createProfile.isSuccess) return <Navigate to={communityPaths.home} replace />;
  if (viewer.status === 'loading' || me === undefined || createProfile.isSuccess) {
    return <PageLoading label="Loading your profile" />;
  }

  return (
    <PageCard
      title="Create Profile"
      description="Your profile is how other readers know you in the community."
    >
      <ProfileForm
        submitLabel="Create Profile"
        pending={createProfile.isPending}
        rejected={rejected}
        onSubmit={(values) =>
          createProfile.mutate(
            {
              username: values.username,
              displayName: values.displayName || null,
              bio: values.bio || null,
            },
            {
              onSuccess: (profile) => {
                toast({ title: 'Profile created', description: `Welcome, @${profile.username}.` });
                navigate(next, { replace: true });
              },
              onError: (error) => {
                if (error instanceof ApiError && error.code === 'conflict') {
                  setRejected({ username: values.username, message: communityText.usernameTaken });
                }
                toast({
                  title: communityText.profileFailed,
                  description: apiErrorMessage(error, 'Check your connection and try again.'),
                  variant: 'destructive',
                });
              },
            },
          )
        }
      />
    </PageCard>
  );
}
