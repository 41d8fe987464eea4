import { Flame, Newspaper } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs.tsx';
import { useFeed } from '../api/get-feed.ts';
import { usePosts } from '../api/get-posts.ts';
import { communityPaths, withNext } from '../lib/community-paths.ts';
import {
  clearQuoteDraft,
  hasQuoteDraft,
  QUOTE_PARAM,
  quoteDraftFromState,
  readQuoteDraft,
  storeQuoteDraft,
} from '../lib/quote-draft.ts';
import { useCommunity } from './community-context.tsx';
import { IntroCard } from './intro-card.tsx';
import { PostComposer } from './post-composer.tsx';
import { PostList } from './post-list.tsx';
import { SuggestedProfiles } from './suggested-profiles.tsx';

type FeedTab = 'feed' | 'trending';
const QUOTE_RETURN_PATH = `${communityPaths.home}?${QUOTE_PARAM}=1`;

/**
 * /community (spec §2): the intro card, Suggested Profiles, the composer for members with a
 * profile, and the Your Feed (Recent Posts when signed out) and Trending tabs.
 *
 * A quote sent from a chat answer arrives in router state with `?quote=1`; it is kept in session
 * storage at once, so it survives signing in and the create-profile detour, and fills the
 * composer as soon as there is one.
 */
export function CommunityHome({ productName }: { productName: string | undefined }) {
  const { viewer, me } = useCommunity();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const quoteRequested = params.has(QUOTE_PARAM);
  const [quotePending] = useState(() => {
    const arriving = quoteDraftFromState(location.state);
    if (arriving) storeQuoteDraft(arriving);
    return arriving !== null || hasQuoteDraft();
  });
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const tab: FeedTab = params.get('tab') === 'trending' ? 'trending' : 'feed';
  const createProfilePath = quotePending
    ? withNext(communityPaths.createProfile, QUOTE_RETURN_PATH)
    : communityPaths.createProfile;

  // A member without a profile who brings a quote goes to make one first, then comes back.
  if (viewer.status === 'signed-in' && me === null && quotePending) {
    return <Navigate to={createProfilePath} replace />;
  }

  const focusComposer = () => {
    const box = textareaRef.current;
    if (!box) return;
    box.scrollIntoView({ block: 'center', behavior: 'smooth' });
    box.focus({ preventScroll: true });
  };

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6">
      <div className="lg:col-start-1">
        <IntroCard
          productName={productName}
          createProfilePath={createProfilePath}
          onCreatePost={focusComposer}
        />
      </div>
      <SuggestedProfiles className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-3 lg:row-start-1" />
      {me ? (
        <div className="lg:col-start-1">
          <QuoteComposer
            textareaRef={textareaRef}
            startAsQuote={quoteRequested}
            onPosted={() => {
              // Drops ?quote=1 and the router state: a reload must not bring the quote back.
              if (quoteRequested || location.state)
                navigate(communityPaths.home, { replace: true });
            }}
          />
        </div>
      ) : (
        viewer.status === 'signed-out' &&
        quotePending && (
          <Alert className="lg:col-start-1">
            Sign in to post this quote: it will be waiting in the composer when you come back to the
            community.
          </Alert>
        )
      )}
      <div className="lg:col-start-1">
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'trending') next.set('tab', 'trending');
                else next.delete('tab');
                return next;
              },
              { replace: true, state: location.state },
            )
          }
        >
          <TabsList aria-label="Posts" className="w-full sm:w-auto">
            <TabsTrigger value="feed" className="flex-1 sm:flex-none">
              <Newspaper aria-hidden />
              {viewer.status === 'signed-out' ? 'Recent Posts' : 'Your Feed'}
            </TabsTrigger>
            <TabsTrigger value="trending" className="flex-1 sm:flex-none">
              <Flame aria-hidden />
              Trending
            </TabsTrigger>
          </TabsList>
          <TabsContent value="feed" className="mt-4">
            <FeedPanel signedOut={viewer.status === 'signed-out'} />
          </TabsContent>
          <TabsContent value="trending" className="mt-4">
            <TrendingPanel />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

/** The composer, filled once with a waiting quote (which is then cleared from storage). */
function QuoteComposer(props: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  startAsQuote: boolean;
  onPosted(): void;
}) {
  const [draft] = useState(readQuoteDraft);
  useEffect(() => clearQuoteDraft(), []);
  return (
    <PostComposer
      draft={draft}
      startAsQuote={props.startAsQuote}
      textareaRef={props.textareaRef}
      onPosted={props.onPosted}
    />
  );
}

function FeedPanel({ signedOut }: { signedOut: boolean }) {
  const feed = useFeed();
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <PostList
      posts={posts}
      query={feed}
      label={signedOut ? 'Recent Posts' : 'Your Feed'}
      empty={
        signedOut
          ? 'No posts yet. Sign in and be the first to share a passage.'
          : 'Your feed is empty. Follow members from Suggested Profiles, or write the first post.'
      }
    />
  );
}

function TrendingPanel() {
  const trending = usePosts({ sort: 'trending' });
  const posts = trending.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <PostList
      posts={posts}
      query={trending}
      label="Trending"
      empty="Nothing is trending yet. Posts people like and repost show up here."
    />
  );
}
