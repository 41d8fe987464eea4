import { CreateProfilePage } from '../../features/community/components/create-profile-page.tsx';

/** `/community/create-profile` (spec admin-community §2 "Create Profile"). */
export default function CommunityCreateProfileRoute() {
  return <CreateProfilePage />;
}
