import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { communityPaths, withNext } from '../lib/community-paths.ts';

export type PromptKind = 'sign-in' | 'create-profile';

const TEXT: Record<PromptKind, { title: string; description: string }> = {
  'sign-in': {
    title: 'Sign in to join in',
    description:
      'Anyone can read the community. Sign in to like, repost, comment, follow members and save quotes.',
  },
  'create-profile': {
    title: 'Create your community profile',
    description:
      'Members act in the community under a profile: pick a username and you are ready to post, like and follow.',
  },
};

/**
 * What a visitor (or a member without a profile) sees on trying an action only members may
 * take (spec §6 "is asked to sign in to act"). Not modal on purpose: the "Authentication
 * required" toast shown with it must stay readable and announced, and a modal dialog hides
 * the rest of the page from assistive technology. Radix still moves focus into it, closes it on
 * Escape or a click elsewhere, and returns focus to the button that opened it.
 */
export function AuthPromptDialog({
  kind,
  signIn,
  onOpenChange,
}: {
  kind: PromptKind | null;
  signIn: ReactNode;
  onOpenChange(open: boolean): void;
}) {
  const location = useLocation();
  const text = TEXT[kind ?? 'sign-in'];
  const back = `${location.pathname}${location.search}`;
  return (
    <Dialog.Root open={kind !== null} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-x-4 top-20 z-50 mx-auto grid max-w-sm animate-fade-up gap-3 rounded-2xl border border-border bg-popover p-5 text-popover-foreground shadow-xl shadow-black/15">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-base font-semibold tracking-tight">
              {text.title}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 grid size-8 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground hover:bg-secondary hover:text-foreground"
            >
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {text.description}
          </Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Not now
            </Button>
            {kind === 'create-profile' ? (
              <Button asChild>
                <Link
                  to={withNext(communityPaths.createProfile, back)}
                  onClick={() => onOpenChange(false)}
                >
                  Create Profile
                </Link>
              </Button>
            ) : (
              signIn
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
