import { Check, Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard.ts';

interface UpiIdCopyFieldProps {
  upiId: string;
  className?: string;
}

/**
 * The UPI id in a read-only field with a Copy button. 'Copied' shows for 2 s (spec §2); if the
 * browser will not copy, the id is selected in the field and the donor is told to copy it.
 */
export function UpiIdCopyField({ upiId, className }: UpiIdCopyFieldProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { status, copy } = useCopyToClipboard();
  const copied = status === 'copied';
  const failed = status === 'failed';

  async function handleCopy() {
    if (await copy(upiId)) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  return (
    <div className={cn('grid gap-2', className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        UPI ID
      </label>
      <div
        className={cn(
          'flex items-center gap-2 rounded-2xl border bg-background p-1.5 pl-4 shadow-xs transition-[border-color,box-shadow]',
          'has-[input:focus]:border-ring has-[input:focus]:ring-3 has-[input:focus]:ring-ring/25',
          failed ? 'border-accent' : 'border-input',
        )}
      >
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={upiId}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={statusId}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 w-0 min-w-0 flex-1 truncate bg-transparent font-mono text-base tracking-tight text-foreground outline-none focus-visible:outline-none sm:text-[1.0625rem]"
        />
        <Button
          variant={copied ? 'outline' : 'primary'}
          className="min-w-28"
          // Names what is copied; the visible word stays the start of the name (WCAG 2.5.3).
          aria-label={copied ? undefined : 'Copy UPI ID'}
          onClick={handleCopy}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {/* One live region for both outcomes: spoken on success, shown (and spoken) on failure. */}
      <p
        id={statusId}
        role="status"
        className={cn(failed ? 'text-sm leading-relaxed text-muted-foreground' : 'sr-only')}
      >
        {copied && 'UPI ID copied to the clipboard.'}
        {failed &&
          'Your browser did not allow copying. The UPI ID is selected above: press Ctrl+C (⌘C on a Mac), or press and hold it to copy.'}
      </p>
    </div>
  );
}
