// Prints one closing line per runner and a total, from the JSON reports that Vitest and
// Playwright write under reports/. A runner that did not get to run is reported as such.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const reports = path.resolve(import.meta.dirname, '../reports');
const read = (name) => {
  const file = path.join(reports, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

const counts = [];
const vitest = read('vitest.json');
if (vitest) {
  counts.push({
    name: 'vitest',
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  });
}
const playwright = read('playwright.json');
if (playwright) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  counts.push({ name: 'playwright', passed: expected + flaky, failed: unexpected, skipped });
}

const line = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
for (const count of counts) console.log(`${count.name}: ${line(count)}`);
if (!vitest) console.log('vitest: did not run');
if (!playwright) console.log('playwright: did not run');
const total = counts.reduce(
  (sum, count) => ({
    passed: sum.passed + count.passed,
    failed: sum.failed + count.failed,
    skipped: sum.skipped + count.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`tests: ${line(total)}`);
