import { PenLine, Settings, UserPlus, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { communityPaths } from '../lib/community-paths.ts';
import { useCommunity } from './community-context.tsx';

/**
 * The community's welcome (spec §2): its call to action follows the viewer's state: sign in;
 * create a profile; or create a post and open the profile settings.
 */
export function IntroCard({
  productName,
  createProfilePath,
  onCreatePost,
}: {
  productName: string | undefined;
  /** Where Create Profile goes (with the way back, when a quote is waiting). */
  createProfilePath: string;
  onCreatePost(): void;
}) {
  const { viewer, me, signIn } = useCommunity();
  const loading =
    viewer.status === 'loading' || (viewer.status === 'signed-in' && me === undefined);

  let text: string;
  let actions: ReactNode;
  if (loading) {
    text = 'Readers sharing passages, thoughts and questions.';
    actions = <span aria-hidden className="h-10 w-36 animate-pulse rounded-full bg-muted" />;
  } else if (viewer.status === 'signed-out') {
    text = 'Read what members are sharing. Sign in to post, like, repost and follow.';
    actions = signIn;
  } else if (!me) {
    text = 'Create your profile to post, save quotes and follow other readers.';
    actions = (
      <Button asChild>
        <Link to={createProfilePath}>
          <UserPlus aria-hidden />
          Create Profile
        </Link>
      </Button>
    );
  } else {
    text = `Welcome back, ${me.displayName}. Share a passage that stayed with you.`;
    actions = (
      <>
        <Button onClick={onCreatePost}>
          <PenLine aria-hidden />
          Create Post
        </Button>
        <Button variant="outline" asChild>
          <Link to={communityPaths.settings}>
            <Settings aria-hidden />
            Profile Settings
          </Link>
        </Button>
      </>
    );
  }

  return (
    <section
      aria-labelledby="community-intro-title"
      className="relative overflow-hidden rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-16 -right-10 size-48 rounded-full bg-[radial-gradient(closest-side,var(--glow-a),transparent)]"
      />
      <div className="relative flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-foreground">
          <UsersRound aria-hidden className="size-5" />
        </span>
        <div className="grid min-w-0 gap-1">
          <h1
            id="community-intro-title"
            className="font-serif text-2xl font-medium tracking-tight sm:text-[1.75rem]"
          >
            {productName ? `${productName} Community` : 'Community'}
          </h1>
          <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
        </div>
      </div>
      <div className="relative mt-4 flex flex-wrap gap-2">{actions}</div>
    </section>
  );
}
