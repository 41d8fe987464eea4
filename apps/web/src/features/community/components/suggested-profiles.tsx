import { cn } from '../../../shared/lib/cn.ts';
import { useSuggestedProfiles } from '../api/get-suggested-profiles.ts';
import { ProfileRow } from './profile-row.tsx';

/** Suggested Profiles (spec §2): members worth following, each with a Follow button. */
export function SuggestedProfiles({ className }: { className?: string }) {
  const suggested = useSuggestedProfiles();
  const profiles = suggested.data?.profiles ?? [];
  return (
    <section
      aria-labelledby="suggested-profiles-title"
      className={cn('rounded-2xl border border-border bg-card px-4 pt-4 pb-2 shadow-xs', className)}
    >
      <h2 id="suggested-profiles-title" className="text-sm font-semibold tracking-tight">
        Suggested Profiles
      </h2>
      {suggested.isPending ? (
        <div role="status" aria-label="Loading suggestions" className="grid grid-cols-1 gap-3 py-3">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3">
              <div className="size-10 animate-pulse rounded-full bg-muted" />
              <div className="h-3.5 flex-1 animate-pulse rounded bg-muted" />
            </div>
          ))}
        </div>
      ) : suggested.isError ? (
        <p className="py-3 text-sm text-muted-foreground">Suggestions could not be loaded.</p>
      ) : profiles.length === 0 ? (
        <p className="py-3 text-sm text-muted-foreground">
          No one to suggest yet. New members will show up here.
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {profiles.map((profile) => (
            <ProfileRow key={profile.userId} profile={profile} />
          ))}
        </ul>
      )}
    </section>
  );
}
