import { CircleAlert, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import { TOAST_DURATION, type ToastItem, useToast } from './toast-store.ts';

/**
 * Renders the toast store with Radix Toast; mount once, near the root. Toasts show at the top
 * (centred on phones, top right from `sm`), as ChatGPT and Open WebUI place them: at the bottom
 * they covered the message box and its Send button for their 5 s, and an admin table's cells
 * (issue 27). Compact (two short lines, 8 px from the edge), a toast stays in the header's band
 * as far as it can, clear of what a page shows under its header (the offer to import guest
 * chats). The viewport itself lets clicks through: only a toast's own card takes them.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();

  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right">
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} onClose={() => dismiss(item.id)} />
      ))}
      <Toast.Viewport className="pointer-events-none fixed inset-x-0 top-0 z-[100] mx-auto flex max-h-dvh w-full max-w-[420px] flex-col gap-2 p-2 outline-none sm:right-0 sm:left-auto sm:mx-0" />
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
        'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border py-2 pr-10 pl-4 shadow-lg shadow-black/5',
        'data-[state=open]:animate-fade-up data-[state=closed]:opacity-0 data-[state=closed]:transition-opacity',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'border-border bg-popover text-popover-foreground',
      )}
    >
      {destructive && <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />}
      <div className="grid gap-0.5">
        {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
        {item.description && (
          <Toast.Description
            className={cn(
              'text-sm leading-5',
              destructive ? 'opacity-90' : 'text-muted-foreground',
            )}
          >
            {item.description}
          </Toast.Description>
        )}
      </div>
      <Toast.Close
        aria-label="Close"
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100"
      >
        <X aria-hidden className="size-4" />
      </Toast.Close>
    </Toast.Root>
  );
}
