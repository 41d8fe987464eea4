import { LoaderCircle, LogOut, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card.tsx';
import type { BanTitle } from '../lib/ban-reason.ts';
import { leaveBannedAccount } from '../lib/leave-banned-account.ts';

interface BannedScreenProps {
  title: BanTitle;
  email: string | null;
  reason: string;
  /** When a restriction ends (ISO), if it does. */
  until: string | null;
}

/** The banned or restricted account screen (spec §2 "Banned screen"; admin spec "Banned screen"). */
export function BannedScreen({ title, email, reason, until }: BannedScreenProps) {
  const [leaving, setLeaving] = useState(false);

  return (
    <Card className="w-full max-w-lg animate-fade-up">
      <CardHeader className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-2xl bg-destructive/10 text-destructive">
          <ShieldAlert aria-hidden className="size-6" />
        </span>
        <CardTitle>{title}</CardTitle>
        {email && <p className="text-sm break-all text-muted-foreground">{email}</p>}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section
          aria-labelledby="ban-reason"
          className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3"
        >
          <h2 id="ban-reason" className="text-xs font-semibold tracking-wide text-destructive">
            Reason
          </h2>
          <p className="mt-1 leading-relaxed break-words text-foreground">{reason}</p>
          {until && (
            <p className="mt-2 text-sm text-muted-foreground">
              Until <time dateTime={until}>{formatUntil(until)}</time>
            </p>
          )}
        </section>
        <div className="text-sm leading-relaxed text-muted-foreground">
          <p className="font-medium text-foreground">What this means</p>
          <ul className="mt-2 list-disc space-y-1.5 pl-5">
            <li>You cannot use the chat while your account is restricted.</li>
            <li>You can still sign in and sign out.</li>
            <li>Your conversations may be reviewed by an administrator.</li>
          </ul>
          <p className="mt-4">If you think this is a mistake, please contact the administrator.</p>
        </div>
        <Button
          className="self-center"
          disabled={leaving}
          aria-busy={leaving}
          onClick={() => {
            setLeaving(true);
            void leaveBannedAccount();
          }}
        >
          {leaving ? <LoaderCircle aria-hidden className="animate-spin" /> : <LogOut aria-hidden />}
          Sign Out
        </Button>
      </CardContent>
    </Card>
  );
}

function formatUntil(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}
