import type { UserRateLimits } from '@samvad/contracts/limits';
import { Gauge, OctagonAlert, TriangleAlert } from 'lucide-react';
import { cn } from '../../../shared/lib/cn.ts';
import { LEVEL_ACCENT, LEVEL_SURFACE } from '../lib/usage-level-styles.ts';
import {
  alertingUsage,
  highestLevel,
  USAGE_LEVEL_TITLES,
  usageBannerDetail,
} from '../lib/usage-levels.ts';

const LEVEL_ICONS = { warning: Gauge, almost: TriangleAlert, reached: OctagonAlert } as const;

interface UsageBannerProps {
  /** The rate-limit record (useRateLimits().data); nothing shows without one. */
  limits: UserRateLimits | undefined;
  /** Messages the user sent in the current conversation (not part of the record). */
  conversationMessageCount: number;
  className?: string;
}

/**
 * Spec §8 "Usage banners": from 80% of the daily requests or of the conversation's messages,
 * says which limit is near (or at) its end and when it resets. Titled by the most severe level;
 * a reached limit is announced at once (alert), the others politely (status).
 */
export function UsageBanner({ limits, conversationMessageCount, className }: UsageBannerProps) {
  const entries = alertingUsage(limits, conversationMessageCount);
  if (entries.length === 0) return null;
  const level = highestLevel(...entries.map((entry) => entry.level));
  if (level === 'none') return null;
  const Icon = LEVEL_ICONS[level];
  const details = entries.map((entry) => ({
    kind: entry.kind,
    text: usageBannerDetail(entry.kind, entry.level, entry.used, entry.limit),
  }));

  return (
    <div
      role={level === 'reached' ? 'alert' : 'status'}
      data-level={level}
      className={cn(
        'flex items-start gap-3 rounded-2xl border px-3.5 py-3 text-sm shadow-xs sm:px-4',
        LEVEL_SURFACE[level],
        className,
      )}
    >
      <span
        className={cn(
          'mt-px grid size-7 shrink-0 place-items-center rounded-full bg-current/10',
          LEVEL_ACCENT[level],
        )}
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1 leading-relaxed">
        <p className="font-semibold">{USAGE_LEVEL_TITLES[level]}</p>
        {details.length === 1 ? (
          <p className="opacity-85">{details[0]?.text}</p>
        ) : (
          <ul className="space-y-1 opacity-85">
            {details.map((detail) => (
              <li key={detail.kind}>{detail.text}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
