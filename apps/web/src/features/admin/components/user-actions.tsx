import type { AdminUser } from '@samvad/contracts/admin';
// Icons the chat's first load does not use, so they stay in the admin chunks.
import {
  Ban,
  MessageSquareText,
  ShieldCheck,
  ShieldOff,
  SlidersHorizontal,
  UserCheck,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { useUpdateBanStatus } from '../api/update-ban-status.ts';
import { useUpdateUserRole } from '../api/update-user-role.ts';

// The ban dialog's code loads when it is first opened.
const BanDialog = lazy(() => import('./ban-dialog.tsx'));

const small = 'h-8 px-3 text-xs';

/**
 * A user's actions (spec admin-community §2): Make/Remove Admin, Ban/Unban, View Chats, Manage
 * Limits. An admin cannot demote or ban themselves here: that would lock them out mid-session.
 */
export function UserActions({
  user,
  isSelf,
  onViewChats,
  onManageLimits,
}: {
  user: AdminUser;
  isSelf: boolean;
  onViewChats(): void;
  onManageLimits(): void;
}) {
  const role = useUpdateUserRole();
  const unban = useUpdateBanStatus();
  const [banning, setBanning] = useState(false);
  const isAdmin = user.role === 'admin';
  const selfNote = isSelf ? 'You cannot change your own account here' : undefined;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-1.5">
        <Button
          variant="outline"
          className={small}
          disabled={role.isPending || (isSelf && isAdmin)}
          title={selfNote}
          onClick={() => role.mutate({ id: user.id, role: isAdmin ? 'user' : 'admin' })}
        >
          {isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
          {isAdmin ? 'Remove Admin' : 'Make Admin'}
        </Button>
        {user.banned ? (
          <Button
            variant="outline"
            className={small}
            disabled={unban.isPending}
            onClick={() => unban.mutate({ id: user.id, banned: false, banReason: null })}
          >
            <UserCheck aria-hidden />
            Unban User
          </Button>
        ) : (
          <Button
            variant="outline"
            className={small}
            disabled={isSelf}
            title={selfNote}
            onClick={() => setBanning(true)}
          >
            <Ban aria-hidden />
            Ban User
          </Button>
        )}
        <Button variant="outline" className={small} onClick={onViewChats}>
          <MessageSquareText aria-hidden />
          View Chats
        </Button>
        <Button variant="outline" className={small} onClick={onManageLimits}>
          <SlidersHorizontal aria-hidden />
          Manage Limits
        </Button>
      </div>
      {user.banned && (
        <p className="max-w-xs text-xs break-words text-muted-foreground">
          Ban reason:{' '}
          <span className="text-foreground">{user.banReason?.trim() || 'none given'}</span>
        </p>
      )}
      {banning && (
        <Suspense fallback={null}>
          <BanDialog user={user} onClose={() => setBanning(false)} />
        </Suspense>
      )}
    </div>
  );
}
