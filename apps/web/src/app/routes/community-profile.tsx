import { useParams } from 'react-router';
import { ProfilePage } from '../../features/community/components/profile-page.tsx';

/** `/community/profile/{username}` (spec admin-community §2 "Profile page"). */
export default function CommunityProfileRoute() {
  const { username = '' } = useParams();
  // Keyed: another member's profile starts on its own tabs and state.
  return <ProfilePage key={username} username={username} />;
}
