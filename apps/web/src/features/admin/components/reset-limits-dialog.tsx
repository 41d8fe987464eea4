import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useResetUserLimits } from '../api/reset-user-limits.ts';

/** Reset to Global asks first (spec admin-community §4): custom limits are removed. */
export function ResetLimitsDialog({
  userId,
  label,
  onClose,
}: {
  userId: string;
  label: string;
  onClose(): void;
}) {
  const reset = useResetUserLimits();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Reset to global limits?"
      description={
        <>
          The custom limits of <span className="font-medium text-foreground">{label}</span> will be
          removed, and the global limits will apply again.
        </>
      }
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={reset.isPending}
          aria-busy={reset.isPending}
          onClick={() => reset.mutate({ userId, label }, { onSuccess: onClose })}
        >
          {reset.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
          Reset to Global
        </Button>
      </div>
    </Modal>
  );
}
