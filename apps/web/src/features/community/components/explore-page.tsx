import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { useCommunitySearch } from '../api/search-community.ts';
import { PostCard } from './post-card.tsx';
import { EmptyState, ListError } from './post-list.tsx';
import { ProfileRow } from './profile-row.tsx';

const MAX_QUERY_LENGTH = 200;

/** /community/explore: one box searching posts and members; the words stay in the URL (?q=). */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  const search = useCommunitySearch(query);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = text.trim();
    setParams(words ? { q: words } : {});
  };

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-3xl gap-5">
      <h1 className="font-serif text-2xl font-medium tracking-tight sm:text-3xl">Explore</h1>
      <search>
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor="explore-query" className="sr-only">
            Search posts and profiles
          </label>
          <div className="relative min-w-0 flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <input
              id="explore-query"
              type="search"
              value={text}
              maxLength={MAX_QUERY_LENGTH}
              onChange={(event) => setText(event.target.value)}
              placeholder="Search posts and profiles"
              className="h-11 w-full rounded-full border border-input bg-card pr-4 pl-10 text-[0.9375rem] shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
            />
          </div>
          <Button type="submit">Search</Button>
        </form>
      </search>
      {query === '' ? (
        <EmptyState>Find members by name and posts by their words.</EmptyState>
      ) : search.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Searching…
        </p>
      ) : search.isError ? (
        <ListError onRetry={() => void search.refetch()} />
      ) : search.data.posts.length === 0 && search.data.profiles.length === 0 ? (
        <EmptyState>Nothing matches “{query}”. Try other words.</EmptyState>
      ) : (
        <>
          {search.data.profiles.length > 0 && (
            <section aria-labelledby="explore-profiles">
              <h2 id="explore-profiles" className="mb-2 text-sm font-semibold">
                Profiles
              </h2>
              <ul className="divide-y divide-border rounded-2xl border border-border bg-card px-4 py-1 shadow-xs">
                {search.data.profiles.map((profile) => (
                  <ProfileRow key={profile.userId} profile={profile} showBio />
                ))}
              </ul>
            </section>
          )}
          {search.data.posts.length > 0 && (
            <section aria-labelledby="explore-posts" className="grid grid-cols-1 gap-3">
              <h2 id="explore-posts" className="text-sm font-semibold">
                Posts
              </h2>
              {search.data.posts.map((post) => (
                <PostCard key={post.feedKey} post={post} />
              ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}
