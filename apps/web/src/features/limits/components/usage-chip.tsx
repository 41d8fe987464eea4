import type { UserRateLimits } from '@samvad/contracts/limits';
import { cn } from '../../../shared/lib/cn.ts';
import { LEVEL_ACCENT, LEVEL_SURFACE } from '../lib/usage-level-styles.ts';
import {
  alertingUsage,
  USAGE_LEVEL_TITLES,
  type UsageKind,
  usageChipLabel,
  usageChipText,
  usageLevel,
} from '../lib/usage-levels.ts';

interface UsageChipProps {
  kind: UsageKind;
  used: number;
  limit: number;
  className?: string;
}

/**
 * One limit's usage, e.g. '18/20 messages', coloured by level. Renders nothing under 80% of the
 * limit (or for an unlimited one): the chip is a heads-up, not a permanent meter.
 */
export function UsageChip({ kind, used, limit, className }: UsageChipProps) {
  const level = usageLevel(used, limit);
  if (level === 'none') return null;
  const label = `${usageChipLabel(kind, used, limit)}. ${USAGE_LEVEL_TITLES[level]}`;
  return (
    <span
      data-level={level}
      title={label}
      className={cn(
        'inline-flex h-7 shrink-0 items-center gap-1.5 rounded-full border pr-2.5 pl-1.5 text-xs font-medium whitespace-nowrap tabular-nums shadow-xs',
        LEVEL_SURFACE[level],
        className,
      )}
    >
      <UsageRing fraction={used / limit} className={LEVEL_ACCENT[level]} />
      {/* The short text is for the eye; screen readers get the whole sentence below. */}
      <span aria-hidden>{usageChipText(kind, used, limit)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

interface UsageChipsProps {
  /** The rate-limit record (useRateLimits().data); nothing shows without one. */
  limits: UserRateLimits | undefined;
  /** Messages the user sent in the current conversation. */
  conversationMessageCount: number;
  className?: string;
}

/** The chips for daily requests and per-conversation messages that are at 80% or more. */
export function UsageChips({ limits, conversationMessageCount, className }: UsageChipsProps) {
  const entries = alertingUsage(limits, conversationMessageCount);
  if (entries.length === 0) return null;
  return (
    <ul aria-label="Usage limits" className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {entries.map((entry) => (
        <li key={entry.kind} className="flex">
          <UsageChip kind={entry.kind} used={entry.used} limit={entry.limit} />
        </li>
      ))}
    </ul>
  );
}

const RING_RADIUS = 5;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** A tiny progress ring: how much of the limit is gone, at a glance. */
function UsageRing({ fraction, className }: { fraction: number; className?: string }) {
  const filled = Math.min(Math.max(fraction, 0), 1) * RING_LENGTH;
  return (
    <svg aria-hidden viewBox="0 0 14 14" className={cn('size-4 -rotate-90', className)}>
      <circle
        cx="7"
        cy="7"
        r={RING_RADIUS}
        fill="none"
        stroke="currentColor"
        strokeOpacity={0.22}
        strokeWidth={2}
      />
      <circle
        cx="7"
        cy="7"
        r={RING_RADIUS}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeDasharray={`${filled} ${RING_LENGTH}`}
      />
    </svg>
  );
}
