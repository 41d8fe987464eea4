/**
 * Lighthouse's default (mobile, simulated throttling) navigation runs, performance and
 * accessibility only, in Debian's Chromium: one browser, several runs per page, medians.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
export const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;
type MetricKey = keyof typeof METRICS;

export type RunSummary = {
  performance: number | null;
  accessibility: number | null;
  metrics: Record<MetricKey, number | null>;
  /** What the browser really fetched: script responses, over the wire and decoded. */
  scripts: { count: number; transferBytes: number; resourceBytes: number; files: string[] };
  /** Font files fetched: on the English pages, no script (Indic, Arabic) font may be among them. */
  fonts: { count: number; transferBytes: number; files: string[] };
  /**
   * Script and stylesheet bytes over the wire against decoded: near 1 means served uncompressed
   * (Lighthouse 13 no longer audits subresource compression).
   */
  textWireRatio: number | null;
  runWarnings: string[];
};
export type Finding = {
  id: string;
  title: string;
  displayValue?: string;
  /** Accessibility: failing elements (first few). Performance: estimated savings. */
  items?: string[];
  savings?: Record<string, number>;
};
export type PageResult = {
  label: string;
  url: string;
  runs: RunSummary[];
  median: Omit<RunSummary, 'runWarnings' | 'scripts' | 'fonts' | 'textWireRatio'>;
  /** From the run with the median performance score. */
  accessibilityFailures: Finding[];
  /** The element Lighthouse took for the largest contentful paint (selector and snippet). */
  lcpElement: string | null;
  performanceFindings: Finding[];
  scripts: RunSummary['scripts'];
  fonts: RunSummary['fonts'];
  textWireRatio: RunSummary['textWireRatio'];
};
export type LighthouseReport = {
  lighthouseVersion: string;
  userAgent: string;
  benchmarkIndex: number | null;
  formFactor: string;
  throttlingMethod: string;
  pages: PageResult[];
};

export const median = (values: readonly (number | null)[]): number | null => {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const percent = (score: number | null | undefined) =>
  score === null || score === undefined ? null : Math.round(score * 100);

function summarize(lhr: Result): RunSummary {
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null]),
  ) as Record<MetricKey, number | null>;
  const requests = lhr.audits['network-requests']?.details;
  const items =
    requests && 'items' in requests ? (requests.items as Record<string, unknown>[]) : [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  const fonts = items.filter((item) => item.resourceType === 'Font');
  const text = items.filter((item) => ['Script', 'Stylesheet'].includes(String(item.resourceType)));
  const total = (key: string, of = scripts) =>
    of.reduce((n, item) => n + Number(item[key] ?? 0), 0);
  const decoded = total('resourceSize', text);
  return {
    performance: percent(lhr.categories.performance?.score),
    accessibility: percent(lhr.categories.accessibility?.score),
    metrics,
    scripts: {
      count: scripts.length,
      transferBytes: total('transferSize'),
      resourceBytes: total('resourceSize'),
      files: scripts.map((item) => new URL(String(item.url)).pathname),
    },
    fonts: {
      count: fonts.length,
      transferBytes: total('transferSize', fonts),
      files: fonts.map((item) => new URL(String(item.url)).pathname),
    },
    textWireRatio: decoded > 0 ? total('transferSize', text) / decoded : null,
    runWarnings: lhr.runWarnings,
  };
}

function itemLabels(audit: Result['audits'][string], limit = 4): string[] {
  const details = audit.details;
  if (!details || !('items' in details)) return [];
  // Elements by selector, resources by path (the port changes every run); nothing else.
  const labels = (details.items as Record<string, unknown>[]).flatMap((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    if (node) return [`${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 160)];
    const url = item.url ?? item.source;
    return typeof url === 'string' && URL.canParse(url) ? [new URL(url).pathname] : [];
  });
  return labels.slice(0, limit);
}

/** The LCP element, from the LCP breakdown insight (a list: the subparts table, then the node). */
function lcpElement(lhr: Result): string | null {
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  if (details?.type !== 'list') return null;
  for (const item of details.items) {
    if (item.type === 'node') return `${item.selector ?? ''} ${item.snippet ?? ''}`.trim();
  }
  return null;
}

function findings(lhr: Result): Pick<PageResult, 'accessibilityFailures' | 'performanceFindings'> {
  type Audit = Result['audits'][string];
  const audits = (refs: readonly { id: string; group?: string }[] | undefined): Audit[] =>
    (refs ?? []).flatMap((ref) => {
      const audit =
        ref.group === 'metrics' || ref.group === 'hidden' ? undefined : lhr.audits[ref.id];
      return audit ? [audit] : [];
    });
  const accessibilityFailures = audits(lhr.categories.accessibility?.auditRefs)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => ({
      id: a.id,
      title: a.title,
      items: itemLabels(a),
      ...(a.displayValue ? { displayValue: a.displayValue } : {}),
    }));
  const savingsMs = (a: Audit) =>
    Object.values(a.metricSavings ?? {}).reduce<number>((n, v) => n + (v ?? 0), 0);
  const performanceFindings = audits(lhr.categories.performance?.auditRefs)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'manual',
    )
    .sort((a, b) => savingsMs(b) - savingsMs(a) || (a.score ?? 1) - (b.score ?? 1))
    .map((a) => ({
      id: a.id,
      title: a.title,
      ...(a.displayValue ? { displayValue: a.displayValue } : {}),
      ...(a.metricSavings ? { savings: a.metricSavings as Record<string, number> } : {}),
      items: itemLabels(a, 3),
    }));
  return { accessibilityFailures, performanceFindings };
}

/**
 * Runs every page `runs` times, pages interleaved so that drift spreads evenly. With
 * `reportDir`, each run's full Lighthouse report is written there as JSON (for the trace-level
 * detail the summary leaves out).
 */
export async function lighthouseRuns(
  pages: readonly { label: string; url: string }[],
  runs: number,
  onRun: (label: string, run: number, summary: RunSummary) => void,
  reportDir?: string,
): Promise<LighthouseReport> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const lhrs = pages.map(() => [] as Result[]);
    for (let run = 1; run <= runs; run++) {
      for (const [i, page] of pages.entries()) {
        const audit = () =>
          lighthouse(page.url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          });
        let result = await audit();
        // Chromium sometimes loses the trace of one load (NO_NAVSTART); that run is repeated once.
        if (result?.lhr.runtimeError) result = await audit();
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        if (result.lhr.runtimeError) {
          throw new Error(`Lighthouse on ${page.url}: ${result.lhr.runtimeError.message}`);
        }
        lhrs[i]?.push(result.lhr);
        if (reportDir) {
          const name = page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
          writeFileSync(path.join(reportDir, `${name}-${run}.json`), JSON.stringify(result.lhr));
        }
        onRun(page.label, run, summarize(result.lhr));
      }
    }
    const first = lhrs[0]?.[0];
    if (!first) throw new Error('no Lighthouse run');
    return {
      lighthouseVersion: first.lighthouseVersion,
      userAgent: first.environment.hostUserAgent,
      benchmarkIndex: first.environment.benchmarkIndex ?? null,
      formFactor: first.configSettings.formFactor,
      throttlingMethod: first.configSettings.throttlingMethod,
      pages: pages.map((page, i) => {
        const results = lhrs[i] ?? [];
        const summaries = results.map(summarize);
        const byPerformance = [...results.keys()].sort(
          (a, b) => (summaries[a]?.performance ?? 0) - (summaries[b]?.performance ?? 0),
        );
        const medianRun = results[byPerformance[Math.floor((results.length - 1) / 2)] ?? 0];
        if (!medianRun) throw new Error(`no Lighthouse run for ${page.url}`);
        return {
          ...page,
          runs: summaries,
          median: {
            performance: median(summaries.map((s) => s.performance)),
            accessibility: median(summaries.map((s) => s.accessibility)),
            metrics: Object.fromEntries(
              Object.keys(METRICS).map((key) => [
                key,
                median(summaries.map((s) => s.metrics[key as MetricKey])),
              ]),
            ) as Record<MetricKey, number | null>,
          },
          scripts: summarize(medianRun).scripts,
          fonts: summarize(medianRun).fonts,
          textWireRatio: summarize(medianRun).textWireRatio,
          lcpElement: lcpElement(medianRun),
          ...findings(medianRun),
        };
      }),
    };
  } finally {
    chrome.kill();
  }
}
