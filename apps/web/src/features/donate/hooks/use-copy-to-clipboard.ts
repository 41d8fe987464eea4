import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9 "Copy confirmation": how long the 'copied' state lasts. */
export const COPIED_STATE_MS = 2000;

export type CopyStatus = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard and reports how it went: 'copied' for `resetAfterMs`, then back
 * to 'idle'; 'failed' (kept until the next try) when the browser refuses, so the caller can
 * offer the text for copying by hand.
 */
export function useCopyToClipboard(resetAfterMs = COPIED_STATE_MS) {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      clearTimeout(resetTimer.current);
      try {
        // Missing on insecure origins (plain http on a LAN) and in some embedded browsers.
        if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
        await navigator.clipboard.writeText(text);
      } catch {
        setStatus('failed');
        return false;
      }
      setStatus('copied');
      resetTimer.current = setTimeout(() => setStatus('idle'), resetAfterMs);
      return true;
    },
    [resetAfterMs],
  );

  return { status, copy };
}
