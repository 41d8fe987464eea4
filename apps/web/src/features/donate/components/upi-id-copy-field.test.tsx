import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpiIdCopyField } from './upi-id-copy-field.tsx';

const writeText = vi.fn<(text: string) => Promise<void>>();

function stubClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

/** Clicks and lets the clipboard promise settle, without moving the fake clock. */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const copyButton = () => screen.getByRole('button', { name: 'Copy UPI ID' });

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockReset().mockResolvedValue(undefined);
  stubClipboard({ writeText });
});

afterEach(() => {
  vi.useRealTimers();
  stubClipboard(undefined);
});

describe('UpiIdCopyField', () => {
  it('shows the UPI id in a labelled read-only field', () => {
    render(<UpiIdCopyField upiId="reader.fund@okbank" />);
    const field = screen.getByLabelText('UPI ID') as HTMLInputElement;
    expect(field.value).toBe('reader.fund@okbank');
    expect(field.readOnly).toBe(true);
  });

  it("copies the id and reads 'Copied' for 2 seconds, then 'Copy' again", async () => {
    render(<UpiIdCopyField upiId="reader.fund@okbank" />);
    await click(copyButton());

    expect(writeText).toHaveBeenCalledExactlyOnceWith('reader.fund@okbank');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('UPI ID copied to the clipboard.');

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
    expect(copyButton()).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('starts the 2 seconds again when copied a second time', async () => {
    render(<UpiIdCopyField upiId="reader.fund@okbank" />);
    await click(copyButton());
    act(() => vi.advanceTimersByTime(1500));
    await click(screen.getByRole('button', { name: 'Copied' }));
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(500));
    expect(copyButton()).toBeTruthy();
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it('selects the id and explains how to copy it when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    render(<UpiIdCopyField upiId="reader.fund@okbank" />);
    await click(copyButton());

    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/did not allow copying/);
    const field = screen.getByLabelText('UPI ID') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'reader.fund@okbank'.length]);
  });

  it('falls back the same way when the browser has no clipboard API', async () => {
    stubClipboard(undefined);
    render(<UpiIdCopyField upiId="reader.fund@okbank" />);
    await click(copyButton());
    expect(screen.getByRole('status').textContent).toMatch(/The UPI ID is selected above/);
    expect(document.activeElement).toBe(screen.getByLabelText('UPI ID'));
  });
});
