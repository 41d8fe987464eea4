import { Archive, ArchiveRestore, Link2, Link2Off, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { MenuContent, menuItemClass } from '../../../shared/ui/menu.tsx';

type ConversationMenuProps = {
  trigger: ReactElement;
  defaultOpen: boolean;
  archived: boolean;
  shared: boolean;
  onRename(): void;
  onToggleArchived(): void;
  onShare(): void;
  onRevokeShare(): void;
  onDelete(): void;
};

/** A sidebar entry's actions (loaded on first use, see ConversationItem). */
export default function ConversationMenu({
  trigger,
  defaultOpen,
  archived,
  shared,
  onRename,
  onToggleArchived,
  onShare,
  onRevokeShare,
  onDelete,
}: ConversationMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <MenuContent className="w-48">
        <DropdownMenu.Item className={menuItemClass} onSelect={onRename}>
          <Pencil aria-hidden className="size-4 text-muted-foreground" />
          Rename
        </DropdownMenu.Item>
        <DropdownMenu.Item className={menuItemClass} onSelect={onToggleArchived}>
          {archived ? (
            <ArchiveRestore aria-hidden className="size-4 text-muted-foreground" />
          ) : (
            <Archive aria-hidden className="size-4 text-muted-foreground" />
          )}
          {archived ? 'Restore' : 'Archive'}
        </DropdownMenu.Item>
        <DropdownMenu.Item className={menuItemClass} onSelect={onShare}>
          <Link2 aria-hidden className="size-4 text-muted-foreground" />
          {shared ? 'Copy share link' : 'Share'}
        </DropdownMenu.Item>
        {shared && (
          <DropdownMenu.Item className={menuItemClass} onSelect={onRevokeShare}>
            <Link2Off aria-hidden className="size-4 text-muted-foreground" />
            Revoke link
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Separator className="mx-1 my-1 h-px bg-border" />
        <DropdownMenu.Item className={cn(menuItemClass, 'text-destructive')} onSelect={onDelete}>
          <Trash2 aria-hidden className="size-4" />
          Delete
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
