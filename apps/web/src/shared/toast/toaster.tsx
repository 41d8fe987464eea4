import { CircleAlert, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import { TOAST_DURATION, type ToastItem, useToast } from './toast-store.ts';

/** Renders the toast store with Radix Toast; mount once, near the root. */
export function Toaster() {
  const { toasts, dismiss } = useToast();

  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right">
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} onClose={() => dismiss(item.id)} />
      ))}
      <Toast.Viewport className="fixed inset-x-0 bottom-0 z-[100] flex max-h-dvh flex-col gap-2 p-4 outline-none sm:inset-x-auto sm:right-0 sm:w-[420px]" />
    </Toast.Provider>
  );
}

function ToastCard({ item, onClose }: { item: ToastItem; onClose: () => void }) {
  const destructive = item.variant === 'destructive';
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg shadow-black/5',
        'data-[state=open]:animate-fade-up data-[state=closed]:opacity-0 data-[state=closed]:transition-opacity',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'border-border bg-popover text-popover-foreground',
      )}
    >
      {destructive && <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />}
      <div className="grid gap-1">
        {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
        {item.description && (
          <Toast.Description
            className={cn(
              'text-sm leading-relaxed',
              destructive ? 'opacity-90' : 'text-muted-foreground',
            )}
          >
            {item.description}
          </Toast.Description>
        )}
      </div>
      <Toast.Close
        aria-label="Close"
        className="absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100"
      >
        <X aria-hidden className="size-4" />
      </Toast.Close>
    </Toast.Root>
  );
}
