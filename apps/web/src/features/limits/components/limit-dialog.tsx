import './limit-dialog.css';
import { Gauge, Hourglass, MessageSquareOff, MessagesSquare } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { type LimitMotionPhase, useLimitDialogMotion } from '../hooks/use-limit-dialog-motion.ts';
import {
  isUnlimited,
  type LimitAnimation,
  limitAnimation,
  limitDialogText,
  limitUsageLine,
  shouldShowLimitDialog,
} from '../lib/usage-levels.ts';

/** The 429 payload (spec §3 "Limit error payload"); `type` may be one the spec does not name. */
export interface LimitDialogLimit {
  type: string;
  used: number;
  limit: number;
}

export interface LimitDialogProps {
  /** The limit that was hit; null keeps the dialog closed, as does an unlimited (-1) limit. */
  limit: LimitDialogLimit | null;
  /** Called when the person dismisses the dialog (button, Escape or a click outside). */
  onClose(): void;
  /**
   * For a guest: the sign-in button to offer instead of the archive/delete advice a guest cannot
   * follow (the page passes it, so this feature needs nothing of the auth feature). Absent for
   * members.
   */
  guestSignIn?: ReactNode;
}

const TYPE_ICONS: Record<string, typeof Gauge> = {
  conversation: MessagesSquare,
  message: MessageSquareOff,
  request: Hourglass,
};

// Whole class names, so Tailwind finds them; keyframes live in limit-dialog.css. motion-safe
// keeps every one of them away from people who prefer reduced motion (the hook also stops).
const MOTION_CLASSES: Record<LimitAnimation, Record<Exclude<LimitMotionPhase, null>, string>> = {
  shake: {
    intro: 'motion-safe:animate-[limit-shake_800ms_cubic-bezier(0.36,0.07,0.19,0.97)_both]',
    nudge: 'motion-safe:animate-[limit-shake_500ms_cubic-bezier(0.36,0.07,0.19,0.97)_both]',
  },
  pulse: {
    intro: 'motion-safe:animate-[limit-pulse_800ms_ease-in-out_both]',
    nudge: 'motion-safe:animate-[limit-pulse_500ms_ease-in-out_both]',
  },
  spin: {
    intro: 'motion-safe:animate-[limit-spin_800ms_cubic-bezier(0.65,0,0.35,1)_both]',
    nudge: 'motion-safe:animate-[limit-spin_500ms_cubic-bezier(0.65,0,0.35,1)_both]',
  },
};

const HALO_CLASSES: Record<Exclude<LimitMotionPhase, null>, string> = {
  intro: 'motion-safe:animate-[limit-halo_800ms_ease-out]',
  nudge: 'motion-safe:animate-[limit-halo_500ms_ease-out]',
};

/**
 * The modal "limit reached" dialog (spec §4 "Limit dialog", §8 "Limit dialog (status 429)").
 * Radix gives it the focus trap, Escape, the labelled title and description, and page scroll
 * locking. It draws attention for 800 ms on open and with a 500 ms beat every 5 s: the card
 * shakes (conversation) or pulses (message), or the hourglass spins (request).
 */
export function LimitDialog({ limit, onClose, guestSignIn }: LimitDialogProps) {
  const open = shouldShowLimitDialog(limit);
  // The last payload shown, so the text stays put while the dialog animates closed.
  const [shown, setShown] = useState<LimitDialogLimit | null>(open ? limit : null);
  if (open && limit !== shown) setShown(limit);
  const current = open ? limit : shown;
  const phase = useLimitDialogMotion(open ? limit : null);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {current && (
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/45 backdrop-blur-[3px] motion-safe:data-[state=open]:animate-[limit-dialog-overlay-in_200ms_ease-out]" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-[26rem] -translate-x-1/2 -translate-y-1/2 outline-none motion-safe:data-[state=open]:animate-[limit-dialog-in_260ms_cubic-bezier(0.22,1,0.36,1)] motion-safe:data-[state=closed]:animate-[limit-dialog-out_140ms_ease-in_both]">
            <LimitCard limit={current} phase={phase} guestSignIn={guestSignIn} />
          </Dialog.Content>
        </Dialog.Portal>
      )}
    </Dialog.Root>
  );
}

function LimitCard({
  limit,
  phase,
  guestSignIn,
}: {
  limit: LimitDialogLimit;
  phase: LimitMotionPhase;
  guestSignIn: ReactNode;
}) {
  // Only the conversation limit's advice (archive or delete) is one a guest cannot follow.
  const signInInstead = guestSignIn !== undefined && limit.type === 'conversation';
  const { title, description } = limitDialogText(
    limit.type,
    limit.limit,
    signInInstead ? 'guest' : 'member',
  );
  const animation = limitAnimation(limit.type);
  const motionClass = phase ? MOTION_CLASSES[animation][phase] : undefined;
  // Spin turns the icon only; shake and pulse move the whole card.
  const cardMotion = animation === 'spin' ? undefined : motionClass;
  const iconMotion = animation === 'spin' ? motionClass : undefined;
  const Icon = TYPE_ICONS[limit.type] ?? Gauge;
  const filled =
    isUnlimited(limit.limit) || limit.limit <= 0 ? 1 : Math.min(limit.used / limit.limit, 1);

  return (
    <div
      data-animation={animation}
      data-motion={cardMotion ? phase : undefined}
      className={cn(
        'max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-3xl border border-border bg-popover p-6 text-center text-popover-foreground shadow-2xl shadow-black/25 sm:p-8',
        cardMotion,
      )}
    >
      <span
        className={cn(
          'mx-auto grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive border border-destructive/15',
          phase && HALO_CLASSES[phase],
        )}
      >
        <Icon
          aria-hidden
          data-motion={iconMotion ? phase : undefined}
          className={cn('size-7', iconMotion)}
        />
      </span>
      <Dialog.Title className="mt-5 font-serif text-2xl font-medium tracking-tight text-balance">
        {title}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-sm leading-relaxed text-pretty text-muted-foreground">
        {description}
      </Dialog.Description>

      <div className="mt-6 rounded-2xl border border-border bg-muted/60 px-4 py-3 text-left">
        <p className="text-sm font-medium tabular-nums">
          {limitUsageLine(limit.used, limit.limit)}
        </p>
        <div aria-hidden className="mt-2 h-1.5 overflow-hidden rounded-full bg-border">
          <div
            className="h-full rounded-full bg-destructive"
            style={{ width: `${filled * 100}%` }}
          />
        </div>
      </div>

      {signInInstead && <div className="mt-6 grid">{guestSignIn}</div>}
      <Dialog.Close asChild>
        <Button
          size="lg"
          variant={signInInstead ? 'secondary' : 'primary'}
          className={cn('w-full', signInInstead ? 'mt-3' : 'mt-6')}
        >
          Okay, I Understand
        </Button>
      </Dialog.Close>
    </div>
  );
}

// Default export too, so the chat screen can React.lazy() it.
export default LimitDialog;
