import type { AdminUser } from '@samvad/contracts/admin';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useUpdateBanStatus } from '../api/update-ban-status.ts';
import { userLabel } from '../lib/user-label.ts';

/** Matches the server's limit on a ban reason. */
const REASON_MAX = 500;

/** Ban User (spec admin-community §2): asks for the reason, which the banned user sees. */
export default function BanDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const [reason, setReason] = useState('');
  const ban = useUpdateBanStatus({ onSuccess: onClose });
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ban.mutate({ id: user.id, banned: true, banReason: reason.trim() || null });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Ban User"
      description={
        <>
          <span className="font-medium text-foreground">{userLabel(user)}</span> will be shown the
          reason below and cannot use the app until unbanned.
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            Reason
          </label>
          <textarea
            id={id}
            value={reason}
            maxLength={REASON_MAX}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            className="w-full resize-y rounded-xl border border-input bg-card px-3.5 py-2.5 text-[0.9375rem] shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={ban.isPending}
            aria-busy={ban.isPending}
            variant="destructive"
          >
            {ban.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
            Ban User
          </Button>
        </div>
      </form>
    </Modal>
  );
}
