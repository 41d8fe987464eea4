import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../../../test/match-media.ts';
import LazyLoadedDialog, { LimitDialog, type LimitDialogLimit } from './limit-dialog.tsx';

afterEach(() => {
  vi.useRealTimers();
});

/** The dialog as the chat screen holds it: open while there is a limit, closed by onClose. */
function Harness({ initial, onClose }: { initial: LimitDialogLimit | null; onClose?: () => void }) {
  const [limit, setLimit] = useState(initial);
  return (
    <LimitDialog
      limit={limit}
      onClose={() => {
        onClose?.();
        setLimit(null);
      }}
    />
  );
}

/** The element carrying the attention animation, and its phase. */
function motion() {
  const element = document.querySelector<HTMLElement>('[data-motion]');
  return {
    phase: element?.dataset.motion ?? null,
    className: element?.getAttribute('class') ?? '',
  };
}

describe('LimitDialog', () => {
  it.each([
    [
      'conversation',
      5,
      5,
      'Conversation Limit Reached',
      "You've reached the maximum of 5 conversations. Please archive or delete existing conversations before creating new ones.",
    ],
    [
      'message',
      20,
      20,
      'Message Limit Reached',
      "You've reached the maximum of 20 messages in this conversation. Please start a new conversation to continue.",
    ],
    [
      'request',
      25,
      25,
      'Request Limit Reached',
      "You've reached the maximum of 25 requests per day. Please try again tomorrow.",
    ],
    [
      'storage',
      7,
      3,
      'Rate Limit Reached',
      'You have reached your rate limit. Please try again later.',
    ],
  ])('shows the %s title, text and usage', (type, used, limit, title, text) => {
    render(<LimitDialog limit={{ type, used, limit }} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('dialog', { description: text })).toBe(dialog);
    expect(within(dialog).getByText(`Current usage: ${used} / ${limit}`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Okay, I Understand' })).toBeTruthy();
  });

  it('offers a guest at the conversation limit sign-in instead of archive or delete', () => {
    render(
      <LimitDialog
        limit={{ type: 'conversation', used: 5, limit: 5 }}
        onClose={() => {}}
        guestSignIn={<button type="button">Sign in</button>}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Conversation Limit Reached' });
    expect(
      screen.getByRole('dialog', {
        description:
          "You've reached the maximum of 5 conversations. Sign in to keep more conversations.",
      }),
    ).toBe(dialog);
    expect(dialog.textContent).not.toContain('archive');
    expect(within(dialog).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Okay, I Understand' })).toBeTruthy();
    // Same attention animation as the members' dialog (spec: shake for conversation).
    expect(dialog.querySelector('[data-animation="shake"]')).toBeTruthy();
  });

  it("keeps a guest's other limits as the spec words them, without the sign-in button", () => {
    render(
      <LimitDialog
        limit={{ type: 'message', used: 20, limit: 20 }}
        onClose={() => {}}
        guestSignIn={<button type="button">Sign in</button>}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Message Limit Reached' });
    expect(within(dialog).queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('says "1 conversation" for a limit of one', () => {
    render(<LimitDialog limit={{ type: 'conversation', used: 1, limit: 1 }} onClose={() => {}} />);
    expect(screen.getByRole('dialog').textContent).toContain('maximum of 1 conversation.');
  });

  it('is closed without a limit', () => {
    render(<LimitDialog limit={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never opens for an unlimited (-1) limit', () => {
    const { rerender } = render(
      <LimitDialog limit={{ type: 'request', used: 40, limit: -1 }} onClose={() => {}} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/∞/)).toBeNull();
    // Nor does it stay open when an unlimited payload replaces a real one.
    rerender(<LimitDialog limit={{ type: 'request', used: 25, limit: 25 }} onClose={() => {}} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    rerender(<LimitDialog limit={{ type: 'request', used: 25, limit: -1 }} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts the focus inside the dialog, on its button', () => {
    render(<LimitDialog limit={{ type: 'message', used: 20, limit: 20 }} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Okay, I Understand' }),
    );
  });

  it("closes with 'Okay, I Understand'", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={{ type: 'request', used: 25, limit: 25 }} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Okay, I Understand' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={{ type: 'conversation', used: 5, limit: 5 }} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('locks page scrolling while open and releases it when closed', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ type: 'message', used: 20, limit: 20 }} />);
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Okay, I Understand' }));
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('is the default export too, for React.lazy', () => {
    expect(LazyLoadedDialog).toBe(LimitDialog);
  });
});

describe('LimitDialog animation', () => {
  it('shakes the card for 800 ms on open, then for 500 ms every 5 s', () => {
    vi.useFakeTimers();
    render(<LimitDialog limit={{ type: 'conversation', used: 5, limit: 5 }} onClose={() => {}} />);
    expect(motion().phase).toBe('intro');
    expect(motion().className).toContain('animate-[limit-shake_800ms');

    act(() => vi.advanceTimersByTime(799));
    expect(motion().phase).toBe('intro');
    act(() => vi.advanceTimersByTime(1));
    expect(motion().phase).toBeNull();

    act(() => vi.advanceTimersByTime(4200));
    expect(motion().phase).toBe('nudge');
    expect(motion().className).toContain('animate-[limit-shake_500ms');
    act(() => vi.advanceTimersByTime(500));
    expect(motion().phase).toBeNull();

    act(() => vi.advanceTimersByTime(4500));
    expect(motion().phase).toBe('nudge');
  });

  it('pulses the card for a message limit', () => {
    vi.useFakeTimers();
    render(<LimitDialog limit={{ type: 'message', used: 20, limit: 20 }} onClose={() => {}} />);
    expect(motion().className).toContain('animate-[limit-pulse_800ms');
    act(() => vi.advanceTimersByTime(5000));
    expect(motion().className).toContain('animate-[limit-pulse_500ms');
  });

  it('spins the icon, not the dialog, for a request limit', () => {
    vi.useFakeTimers();
    render(<LimitDialog limit={{ type: 'request', used: 25, limit: 25 }} onClose={() => {}} />);
    const spinning = document.querySelector('[data-motion]');
    expect(spinning?.tagName.toLowerCase()).toBe('svg');
    expect(spinning?.getAttribute('class')).toContain('animate-[limit-spin_800ms');
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).not.toContain('limit-spin');
    expect(dialog.firstElementChild?.className).not.toContain('limit-spin');
    act(() => vi.advanceTimersByTime(5000));
    expect(document.querySelector('[data-motion]')?.getAttribute('class')).toContain(
      'animate-[limit-spin_500ms',
    );
  });

  it('stops when closed', () => {
    vi.useFakeTimers();
    const limit = { type: 'conversation', used: 5, limit: 5 };
    const { rerender } = render(<LimitDialog limit={limit} onClose={() => {}} />);
    rerender(<LimitDialog limit={null} onClose={() => {}} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(vi.getTimerCount()).toBe(0);
    expect(motion().phase).toBeNull();
  });

  it('starts over for a new limit while open', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <LimitDialog limit={{ type: 'message', used: 20, limit: 20 }} onClose={() => {}} />,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(motion().phase).toBeNull();
    rerender(<LimitDialog limit={{ type: 'request', used: 25, limit: 25 }} onClose={() => {}} />);
    expect(motion().phase).toBe('intro');
    expect(screen.getByRole('dialog', { name: 'Request Limit Reached' })).toBeTruthy();
  });

  it('does not move for people who prefer reduced motion', () => {
    installMatchMedia({ '(prefers-reduced-motion: reduce)': true });
    vi.useFakeTimers();
    render(<LimitDialog limit={{ type: 'conversation', used: 5, limit: 5 }} onClose={() => {}} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(motion().phase).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(motion().phase).toBeNull();
    expect(document.querySelector('[class*="limit-shake"]')).toBeNull();
  });
});
