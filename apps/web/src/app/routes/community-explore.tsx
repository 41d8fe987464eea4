import { ExplorePage } from '../../features/community/components/explore-page.tsx';

/** `/community/explore`: search posts and profiles. */
export default function CommunityExploreRoute() {
  return <ExplorePage />;
}
