import { expect, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Issue 27: toasts sat at the bottom, over the whole message box on a phone and over its Send
 * button on desktop, for their 5 s. While the toast `text` shows: its card and the message box
 * do not overlap, and the Send button is what a click at its centre reaches. The toast is left
 * held open (the pointer stays on it), so a caller can check more of the page under it.
 */
export async function expectToastClearOfComposer(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true }).locator('xpath=ancestor::li[1]');
  const box = page.getByRole('textbox', { name: 'Message' });
  const composer = box.locator('xpath=ancestor::form[1]');
  await expect(composer).toBeVisible();
  // Held open while it is measured: a pointer over a toast pauses its timer.
  await toast.hover();
  const toastBox = await toast.boundingBox();
  const composerBox = await composer.boundingBox();
  if (!toastBox || !composerBox) throw new Error('the toast or the message box is not drawn');
  expect(overlaps(toastBox, composerBox)).toBe(false);
  // Inside the page: a toast at the top, not off screen.
  expect(toastBox.y).toBeGreaterThanOrEqual(0);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(composerBox.y);

  await box.fill('Send takes a click');
  const send = composer.getByRole('button', { name: 'Send message' });
  // Playwright's own check that nothing covers the button, then the page's.
  await send.click({ trial: true, timeout: 2_000 });
  await expectReachable(send);
  await expect(toast).toBeVisible();
  await box.fill('');
}

/** A click at the centre of `target` reaches it: nothing (a toast) is drawn over it. */
export async function expectReachable(target: Locator) {
  const reached = await target.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return at !== null && element.contains(at);
  });
  expect(reached).toBe(true);
}
