import { EditProfilePage } from '../../features/community/components/edit-profile-page.tsx';

/** `/community/edit-profile`. */
export default function CommunityEditProfileRoute() {
  return <EditProfilePage />;
}
