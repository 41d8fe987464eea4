import { communityText } from '@samvad/contracts/community-rules';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { communityPaths } from '../lib/community-paths.ts';
import { profileChanges } from '../lib/profile-changes.ts';
import { useCommunity } from './community-context.tsx';
import { PageCard, PageLoading } from './page-card.tsx';
import { ProfileForm } from './profile-form.tsx';

/** /community/edit-profile: the member's own profile; without one, create it first. */
export function EditProfilePage() {
  const { viewer, me } = useCommunity();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [rejected, setRejected] = useState<{ username: string; message: string } | null>(null);

  if (viewer.status === 'signed-out') return <Navigate to={communityPaths.home} replace />;
  if (me === null) return <Navigate to={communityPaths.createProfile} replace />;
  if (viewer.status === 'loading' || me === undefined) return <PageLoading />;

  const cancel = (
    <Button variant="ghost" asChild>
      <Link to={communityPaths.profile(me.username)}>Cancel</Link>
    </Button>
  );

  return (
    <PageCard title="Edit Profile" description="Change how you appear in the community.">
      <ProfileForm
        initial={me}
        submitLabel="Save Changes"
        pending={update.isPending}
        rejected={rejected}
        secondaryAction={cancel}
        onSubmit={(values) => {
          const changes = profileChanges(me, values);
          if (Object.keys(changes).length === 0) {
            navigate(communityPaths.profile(me.username));
            return;
          }
          update.mutate(changes, {
            onSuccess: (profile) => {
              toast({ title: 'Profile updated' });
              navigate(communityPaths.profile(profile.username));
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === 'conflict') {
                setRejected({ username: values.username, message: communityText.usernameTaken });
              }
              toast({
                title: 'Failed to update profile',
                description: apiErrorMessage(error, 'Check your connection and try again.'),
                variant: 'destructive',
              });
            },
          });
        }}
      />
    </PageCard>
  );
}
