import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { cn } from '../../../shared/lib/cn.ts';

/** Spec §9: the sidebar is a drawer below this width. */
const DESKTOP_QUERY = '(min-width: 768px)';

type ChatLayoutProps = {
  sidebar: ReactNode;
  /** Theme, share, account: in the header, with the menu button and the title on phones. */
  actions: ReactNode;
  /**
   * The usage chips: beside the actions on desktop; on phones on a line of their own under the
   * header, so the title keeps its room (issue 27: it shrank to "C…" beside them).
   */
  usage?: ReactNode;
  title: string;
  drawerOpen: boolean;
  onDrawerOpenChange(open: boolean): void;
  children: ReactNode;
};

/**
 * Spec §2: an 18rem sidebar beside the chat; below 768px the sidebar slides over with a backdrop
 * that closes it, and a header carries the menu button and the actions.
 */
export function ChatLayout({
  sidebar,
  actions,
  usage,
  title,
  drawerOpen,
  onDrawerOpenChange,
  children,
}: ChatLayoutProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const drawer = !isDesktop && drawerOpen;

  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDrawerOpenChange(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer, onDrawerOpenChange]);

  return (
    <div className="flex h-dvh overflow-hidden bg-background">
      {drawer && (
        <button
          type="button"
          aria-label="Close sidebar"
          tabIndex={-1}
          onClick={() => onDrawerOpenChange(false)}
          className="fixed inset-0 z-40 cursor-default bg-black/40 backdrop-blur-[1px]"
          data-testid="drawer-backdrop"
        />
      )}
      <aside
        aria-label="Sidebar"
        className={cn(
          'z-50 w-72 shrink-0 border-r border-border bg-card md:static md:translate-x-0',
          'fixed inset-y-0 left-0 transition-transform duration-200 motion-reduce:transition-none',
          drawer ? 'translate-x-0 shadow-2xl' : '-translate-x-full',
          !isDesktop && !drawerOpen && 'invisible',
        )}
        {...(!isDesktop ? { role: 'dialog', 'aria-modal': drawer } : {})}
      >
        {!isDesktop && (
          <button
            type="button"
            onClick={() => onDrawerOpenChange(false)}
            aria-label="Close sidebar"
            className="absolute top-3.5 right-3 grid size-9 cursor-pointer place-items-center rounded-lg text-muted-foreground hover:bg-secondary"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
        {sidebar}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {isDesktop ? (
          // A bar of its own above the conversation, not floating over it: scrolled content
          // (a source's 'Post as quote') never passes under the share button.
          <header className="flex h-14 shrink-0 items-center justify-end gap-1 px-4">
            {usage}
            {actions}
          </header>
        ) : (
          <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border px-2">
            <button
              type="button"
              onClick={() => onDrawerOpenChange(true)}
              aria-label="Open sidebar"
              aria-expanded={drawerOpen}
              className="grid size-10 cursor-pointer place-items-center rounded-lg hover:bg-secondary"
            >
              <Menu aria-hidden className="size-5" />
            </button>
            <p className="min-w-0 flex-1 truncate text-sm font-medium">{title}</p>
            <div className="flex shrink-0 items-center gap-0.5">{actions}</div>
          </header>
        )}
        {!isDesktop && usage && (
          <div className="flex shrink-0 justify-end border-b border-border px-3 py-1.5 empty:hidden">
            {usage}
          </div>
        )}
        <main id="main" className="flex min-h-0 flex-1 flex-col">
          {children}
        </main>
      </div>
    </div>
  );
}
