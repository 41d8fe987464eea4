import type { SearchResponse } from '@samvad/contracts/community';
import type { Database } from '../db/database.ts';
import { presentPost } from '../presenters/community-presenter.ts';
import { hydratePosts, searchPostRefs } from '../repositories/post-repository.ts';
import { searchProfiles } from '../repositories/profile-repository.ts';
import { presentProfiles } from './community-profile-service.ts';

const SEARCH_LIMIT = 20;

/** Explore: posts containing the text (newest first) and profiles whose names contain it. */
export async function searchCommunity(
  db: Database,
  text: string,
  viewerId: string | null,
): Promise<SearchResponse> {
  const [refs, profileRows] = await Promise.all([
    searchPostRefs(db, text, SEARCH_LIMIT),
    searchProfiles(db, text, SEARCH_LIMIT),
  ]);
  const hydrated = await hydratePosts(
    db,
    refs.map((ref) => ref.id),
    viewerId,
  );
  return {
    posts: refs.flatMap((ref) => {
      const post = hydrated.get(ref.id);
      return post ? [presentPost(post)] : [];
    }),
    profiles: await presentProfiles(db, profileRows, viewerId),
  };
}
