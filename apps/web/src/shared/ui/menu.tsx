import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** One look for every dropdown menu: a floating card aligned to the trigger's end. */
export function MenuContent({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className={cn(
          'z-50 rounded-xl border border-border bg-popover p-1 text-popover-foreground shadow-lg shadow-black/10 data-[state=open]:animate-fade-up',
          className,
        )}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

/** Items and radio items share this: highlighted on hover/keyboard, dimmed when disabled. */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-secondary';
