import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rules whose verdict depends on colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page's serious and critical axe violations, as "rule: targets". The two themes differ only
 * in colours (no element is shown in one theme alone), so on a dark page only the rules that
 * read colours run: each screen's whole scan is its light one, and scanning the same structure
 * again in the dark cost a minute of CI's browser tests on a 2-core machine.
 */
export async function seriousAxeViolations(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  if (dark) builder = builder.withRules(COLOUR_RULES);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

export async function expectNoSeriousAxeViolations(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
): Promise<void> {
  expect(await seriousAxeViolations(page, scope)).toEqual([]);
}
