import type { Profile } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { FolderHeart, Plus, StickyNote, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs.tsx';
import { useFollowList } from '../api/get-follow-list.ts';
import { usePosts } from '../api/get-posts.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUserCollections } from '../api/get-user-collections.ts';
import type { FollowDirection } from '../api/query-keys.ts';
import { isNotFound } from '../lib/action-error.ts';
import { communityPaths, type ProfileTab } from '../lib/community-paths.ts';
import { CollectionCard } from './collection-card.tsx';
import { LoadMore } from './load-more.tsx';
import { EmptyState, ListError, PostList } from './post-list.tsx';
import { ProfileHeader, ProfileNotFound } from './profile-header.tsx';
import { ProfileRow } from './profile-row.tsx';

const TABS: readonly ProfileTab[] = ['posts', 'collections', 'network'];

/** /community/profile/{username} (spec §2): the header, then Posts, Collections and Network. */
export function ProfilePage({ username }: { username: string }) {
  const profile = useProfile(username);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.find((name) => name === requested) ?? 'posts';

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (isNotFound(profile.error)) return <ProfileNotFound />;
    return (
      <ListError message={communityText.profileLoadFailed} onRetry={() => void profile.refetch()} />
    );
  }
  const person = profile.data;

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-3xl gap-5">
      <ProfileHeader profile={person} />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'posts' ? {} : { tab: value }, { replace: true })
        }
      >
        <TabsList aria-label="Profile" className="w-full sm:w-auto">
          <TabsTrigger value="posts" className="flex-1 sm:flex-none">
            <StickyNote aria-hidden />
            Posts
          </TabsTrigger>
          <TabsTrigger value="collections" className="flex-1 sm:flex-none">
            <FolderHeart aria-hidden />
            Collections
          </TabsTrigger>
          <TabsTrigger value="network" className="flex-1 sm:flex-none">
            <UsersRound aria-hidden />
            Network
          </TabsTrigger>
        </TabsList>
        <TabsContent value="posts" className="mt-4">
          <ProfilePosts profile={person} />
        </TabsContent>
        <TabsContent value="collections" className="mt-4">
          <ProfileCollections profile={person} />
        </TabsContent>
        <TabsContent value="network" className="mt-4">
          <ProfileNetwork profile={person} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ProfilePosts({ profile }: { profile: Profile }) {
  const posts = usePosts({ userId: profile.userId, sort: 'recent' });
  return (
    <PostList
      posts={posts.data?.pages.flatMap((page) => page.posts) ?? []}
      query={posts}
      label={`Posts by ${profile.displayName}`}
      empty={
        profile.isMe ? 'You have not posted yet.' : `${profile.displayName} has not posted yet.`
      }
    />
  );
}

function ProfileCollections({ profile }: { profile: Profile }) {
  const collections = useUserCollections(profile.userId);
  const create = profile.isMe && (
    <Button asChild variant="outline">
      <Link to={communityPaths.createCollection}>
        <Plus aria-hidden />
        Create Collection
      </Link>
    </Button>
  );

  let body: ReactNode;
  if (collections.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading collections…
      </p>
    );
  } else if (collections.isError) {
    body = <ListError onRetry={() => void collections.refetch()} />;
  } else if (collections.data.length === 0) {
    body = (
      <EmptyState>
        {profile.isMe
          ? 'Collect quotes you want to keep: make a collection, then save quotes into it.'
          : `${profile.displayName} has no public collections yet.`}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {collections.data.map((collection) => (
          <CollectionCard key={collection.id} collection={collection} />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      {create && <div className="flex justify-end">{create}</div>}
      {body}
    </div>
  );
}

function ProfileNetwork({ profile }: { profile: Profile }) {
  return (
    <Tabs defaultValue="followers">
      <TabsList aria-label="Network">
        <TabsTrigger value="followers">Followers</TabsTrigger>
        <TabsTrigger value="following">Following</TabsTrigger>
      </TabsList>
      <TabsContent value="followers" className="mt-3">
        <FollowList profile={profile} direction="followers" />
      </TabsContent>
      <TabsContent value="following" className="mt-3">
        <FollowList profile={profile} direction="following" />
      </TabsContent>
    </Tabs>
  );
}

function FollowList({ profile, direction }: { profile: Profile; direction: FollowDirection }) {
  const list = useFollowList(profile.userId, direction);
  const profiles = list.data?.pages.flatMap((page) => page.profiles) ?? [];
  if (list.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading…
      </p>
    );
  }
  if (list.isError) return <ListError onRetry={() => void list.refetch()} />;
  if (profiles.length === 0) {
    return (
      <EmptyState>
        {direction === 'followers'
          ? `No one follows ${profile.isMe ? 'you' : profile.displayName} yet.`
          : `${profile.isMe ? 'You do' : `${profile.displayName} does`} not follow anyone yet.`}
      </EmptyState>
    );
  }
  return (
    <div className="rounded-2xl border border-border bg-card px-4 py-1 shadow-xs">
      <ul
        aria-label={direction === 'followers' ? 'Followers' : 'Following'}
        className="divide-y divide-border"
      >
        {profiles.map((person) => (
          <ProfileRow key={person.userId} profile={person} showBio />
        ))}
      </ul>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={() => void list.fetchNextPage()}
        label="Load more members"
      />
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading profile"
      className="mx-auto grid w-full grid-cols-1 max-w-3xl gap-5"
    >
      <div className="flex gap-4 rounded-2xl border border-border bg-card p-6">
        <div className="size-20 animate-pulse rounded-full bg-muted sm:size-24" />
        <div className="grid flex-1 content-start gap-2">
          <div className="h-6 w-1/2 animate-pulse rounded bg-muted" />
          <div className="h-4 w-1/4 animate-pulse rounded bg-muted" />
        </div>
      </div>
    </div>
  );
}
