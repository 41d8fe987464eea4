import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** Password Management (spec admin-community §2): the password change form in a dialog. */
export function PasswordDialog({ username }: { username: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden />
        Password Management
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Password Management"
        description="Change the admin password. Your other sessions are signed out."
        className="max-h-[90dvh] overflow-y-auto"
      >
        <ChangePasswordForm username={username} onChanged={() => setOpen(false)} />
      </Modal>
    </>
  );
}
