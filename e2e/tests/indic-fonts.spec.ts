import type { Page, TestInfo } from '@playwright/test';
import { REPLY_TEXTS } from '@samvad/server/answers/reply-texts.ts';
import { ask, expect, test } from '../support/chat-fixtures.ts';

// The web app bundles a font for each script the chat detects (apps/web/src/app/indic-fonts.css),
// each face limited to its script by unicode-range. This machine has no system font for
// Devanagari and most Indian scripts: without the bundled fonts their text is drawn as boxes.
// These tests prove the text is drawn with the bundled fonts, from what Chromium reports it
// drew each text node with (DevTools' CSS.getPlatformFontsForNode) and from glyph widths (the
// boxes of a missing font are all one width), and that an English page fetches none of them.

const SCRIPT_FONTS = [
  { script: /\p{Script=Devanagari}/u, family: 'Noto Sans Devanagari' },
  { script: /\p{Script=Bengali}/u, family: 'Noto Sans Bengali' },
  { script: /\p{Script=Tamil}/u, family: 'Noto Sans Tamil' },
  { script: /\p{Script=Telugu}/u, family: 'Noto Sans Telugu' },
  { script: /\p{Script=Kannada}/u, family: 'Noto Sans Kannada' },
  { script: /\p{Script=Malayalam}/u, family: 'Noto Sans Malayalam' },
  { script: /\p{Script=Gujarati}/u, family: 'Noto Sans Gujarati' },
  { script: /\p{Script=Gurmukhi}/u, family: 'Noto Sans Gurmukhi' },
  { script: /\p{Script=Arabic}/u, family: 'Noto Naskh Arabic' },
] as const;
type ScriptFont = (typeof SCRIPT_FONTS)[number];
/** The build keeps the package's file names: noto-sans-tamil-tamil-400-normal-<hash>.woff2. */
const SCRIPT_FONT_FILE = /\/assets\/(noto-[a-z-]+?)-[a-z]+-(\d00)-normal-[\w-]+\.woff2$/;
const slug = (family: string) => family.toLowerCase().replaceAll(' ', '-');
/** The hint rotates every 3 s (spec §9; welcome-screen.tsx). */
const HINT_ROTATION_MS = 3000;

/** Script font files the page fetches from now on, as "noto-sans-tamil 400". */
function recordScriptFontFetches(page: Page): { script: string[]; all: string[] } {
  const fetched = { script: [] as string[], all: [] as string[] };
  page.on('request', (request) => {
    if (request.resourceType() !== 'font') return;
    const file = new URL(request.url()).pathname;
    fetched.all.push(file);
    const match = SCRIPT_FONT_FILE.exec(file);
    if (match) fetched.script.push(`${match[1]} ${match[2]}`);
  });
  return fetched;
}

/** The fonts Chromium drew the text nodes directly inside the first `selector` match with. */
async function fontsDrawing(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    expect(nodeId, `no element matches ${selector}`).toBeGreaterThan(0);
    return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
  } finally {
    await cdp.detach();
  }
}

/**
 * Asserts that the text in `selector`, in `expected`'s script, is drawn with the bundled font:
 * that font drew its letters, and no system font drew any. (Boxes do not show here as a font
 * of their own: Chromium reports them as drawn by the first family, Inter.)
 */
async function expectDrawnWithBundledFont(page: Page, selector: string, expected: ScriptFont) {
  // Loading starts when the text is laid out; then the text is laid out again with the font.
  await expect
    .poll(() =>
      page.evaluate(
        (family) =>
          [...document.fonts].some(
            (face) => face.family.replaceAll('"', '') === family && face.status === 'loaded',
          ),
        expected.family,
      ),
    )
    .toBe(true);
  await page.evaluate(() => document.fonts.ready);
  const fonts = await fontsDrawing(page, selector);
  const bundled = fonts.find((font) => font.familyName === expected.family);
  expect(bundled, `fonts drawing ${selector}: ${JSON.stringify(fonts)}`).toMatchObject({
    isCustomFont: true,
  });
  expect(bundled?.glyphCount).toBeGreaterThanOrEqual(5);
  expect(fonts.filter((font) => !font.isCustomFont)).toEqual([]);
}

/**
 * Glyph widths of distinct letters of `text` in the bundled family: a missing font's boxes all
 * have one width, real letters several. The same letters in a family that does not exist are
 * measured too and attached (on this machine, one width: boxes), to show what the check tells.
 */
async function expectDistinctGlyphs(
  page: Page,
  testInfo: TestInfo,
  text: string,
  font: ScriptFont,
) {
  const letters = [...new Set([...text].filter((c) => font.script.test(c) && /\p{L}/u.test(c)))];
  const widths = await page.evaluate(
    ({ family, letters }) => {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      const measure = (css: string) => {
        context.font = css;
        return letters.slice(0, 10).map((letter) => context.measureText(letter).width);
      };
      return {
        bundled: measure(`400 32px "${family}"`),
        missing: measure('400 32px "No Such Font"'),
      };
    },
    { family: font.family, letters },
  );
  const distinct = (values: number[]) => new Set(values.map((w) => w.toFixed(2))).size;
  testInfo.annotations.push({
    type: 'glyph widths',
    description: `${font.family}: ${distinct(widths.bundled)} distinct of ${widths.bundled.length}; a family that does not exist: ${distinct(widths.missing)} distinct`,
  });
  expect(distinct(widths.bundled), JSON.stringify(widths)).toBeGreaterThanOrEqual(3);
}

/**
 * Opens /chat with the page's clock stopped, advancing it by hand only while the welcome screen
 * renders (under 2.5 s of page time), so its multilingual hint is still the first, English one.
 */
async function openChatBeforeTheHintTurns(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/chat');
  const hint = page.getByTestId('multilingual-hint');
  for (let pageTime = 0; !(await hint.isVisible()); pageTime += 25) {
    expect(pageTime, 'the welcome screen renders within 2.5 s of page time').toBeLessThan(2500);
    await page.clock.runFor(25);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  return hint;
}

test('an English /chat page fetches no script font; the Hindi hint fetches only Devanagari', async ({
  page,
}) => {
  const fetched = recordScriptFontFetches(page);
  const hint = await openChatBeforeTheHintTurns(page);
  await expect(hint).toHaveText(/^[\p{Script=Latin}\p{P}\p{Zs}]+$/u);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The recording sees fonts: the Latin UI font was fetched, and no script font.
  expect(fetched.all.some((file) => /\/assets\/inter-/.test(file))).toBe(true);
  expect(fetched.script).toEqual([]);
  const unloaded = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.replaceAll('"', '').startsWith('Noto '))
      .map((face) => face.status),
  );
  expect(unloaded).toHaveLength(SCRIPT_FONTS.length * 2);
  expect(new Set(unloaded)).toEqual(new Set(['unloaded']));

  // Devanagari text on screen fetches Devanagari's file, and only it: the hint is font-medium,
  // which the 400 face serves.
  await page.clock.runFor(HINT_ROTATION_MS);
  await expect(hint).toHaveText(/\p{Script=Devanagari}/u);
  await expect.poll(() => fetched.script).toEqual(['noto-sans-devanagari 400']);
  await expectDrawnWithBundledFont(page, '[data-testid="multilingual-hint"]', SCRIPT_FONTS[0]);
  expect(fetched.script).toEqual(['noto-sans-devanagari 400']);
});

test('every multilingual hint is drawn with its script’s bundled font, not boxes', async ({
  page,
}, testInfo) => {
  const hint = await openChatBeforeTheHintTurns(page);
  const first = (await hint.textContent()) ?? '';
  const seen = new Set<string>();
  for (let turn = 0; turn < 20; turn++) {
    await page.clock.runFor(HINT_ROTATION_MS);
    const text = (await hint.textContent()) ?? '';
    if (text === first) break;
    const font = SCRIPT_FONTS.find(({ script }) => script.test(text));
    expect(font, `a bundled font for the hint "${text}"`).toBeDefined();
    if (!font) continue;
    await expectDrawnWithBundledFont(page, '[data-testid="multilingual-hint"]', font);
    await expectDistinctGlyphs(page, testInfo, text, font);
    const screenshot = testInfo.outputPath(`hint-${slug(font.family)}-${turn}.png`);
    await hint.screenshot({ path: screenshot, animations: 'disabled' });
    await testInfo.attach(`hint in ${font.family}`, { path: screenshot, contentType: 'image/png' });
    seen.add(font.family);
  }
  // The persona's hints name every language the chat detects; Marathi shares Hindi's font.
  expect([...seen].sort()).toEqual(SCRIPT_FONTS.map(({ family }) => family).sort());
});

test('a Hindi answer is drawn with the bundled Devanagari font, not boxes', async ({
  page,
}, testInfo) => {
  const fetched = recordScriptFontFetches(page);
  await page.goto('/chat');
  await ask(page, 'जाति व्यवस्था के बारे में shastras क्या कहते हैं?');
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  const opening = REPLY_TEXTS.hi.opening;
  await expect(answer).toContainText(opening);
  // Markdown has replaced the plain text shown until its parser arrives: the offline answer
  // names each quote's work in italics.
  await expect(answer.locator('em').first()).toBeVisible();
  await expect.poll(() => fetched.script).toContain('noto-sans-devanagari 400');

  const loaded = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.replaceAll('"', '') === 'Noto Sans Devanagari')
      .filter((face) => face.status === 'loaded')
      .map((face) => face.weight),
  );
  expect(loaded).toContain('400');

  // The innermost element of the answer holding the Hindi opening, marked for DevTools to find.
  await answer.evaluate((article, text) => {
    const holders = [...article.querySelectorAll('*')].filter((element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === 3 && node.textContent?.includes(text),
      ),
    );
    holders[0]?.setAttribute('data-font-probe', '');
  }, opening);
  const devanagari = SCRIPT_FONTS[0];
  await expectDrawnWithBundledFont(page, '[data-font-probe]', devanagari);
  await expectDistinctGlyphs(page, testInfo, opening, devanagari);

  testInfo.annotations.push({
    type: 'script fonts fetched',
    description: fetched.script.join(', '),
  });
  // The Hindi opening in view (a phone shows the end of the answer).
  await page.locator('[data-font-probe]').evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
  const screenshot = testInfo.outputPath('hindi-answer.png');
  await page.screenshot({ path: screenshot, animations: 'disabled' });
  await testInfo.attach('Hindi question and answer', {
    path: screenshot,
    contentType: 'image/png',
  });
});
