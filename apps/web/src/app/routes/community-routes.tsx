import { Route, Routes } from 'react-router';
import CommunityRoute from './community.tsx';
import CommunityCollectionRoute from './community-collection.tsx';
import CommunityCollectionCreateRoute from './community-collection-create.tsx';
import CommunityCreateProfileRoute from './community-create-profile.tsx';
import CommunityEditProfileRoute from './community-edit-profile.tsx';
import CommunityExploreRoute from './community-explore.tsx';
import CommunityLayoutRoute from './community-layout.tsx';
import CommunityProfileRoute from './community-profile.tsx';
import CommunitySettingsRoute from './community-settings.tsx';
import NotFoundRoute from './not-found.tsx';

/**
 * `/community/*` (spec admin-community §2: the community home, profile pages and Create
 * Profile, and the screens its links point to), loaded as one chunk by the app's router.
 */
export default function CommunityRoutes() {
  return (
    <Routes>
      <Route element={<CommunityLayoutRoute />}>
        <Route index element={<CommunityRoute />} />
        <Route path="profile/:username" element={<CommunityProfileRoute />} />
        <Route path="create-profile" element={<CommunityCreateProfileRoute />} />
        <Route path="edit-profile" element={<CommunityEditProfileRoute />} />
        <Route path="settings" element={<CommunitySettingsRoute />} />
        <Route path="explore" element={<CommunityExploreRoute />} />
        <Route path="collections/create" element={<CommunityCollectionCreateRoute />} />
        <Route path="collections/:id" element={<CommunityCollectionRoute />} />
      </Route>
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
