/**
 * HTML pages: the main text through the shared block extraction.
 */
import { declaredCharset, decodeText } from './decode.ts';
import { extractHtmlBlocks } from './html-blocks.ts';
import { DEFAULT_LOAD_LIMITS, type LoadLimits, ReadBudget } from './limits.ts';
import type { LoaderResult } from './result.ts';

/** "25 Nov 1949 Archives - Constitution of India" → "25 Nov 1949 Archives": drop the site. */
function withoutSiteName(title: string | null): string | null {
  if (!title) return null;
  const [first] = title.split(/\s+[|–—-]\s+/);
  return first?.trim() || null;
}

const BARE_DATE = /^\d{1,2} [A-Z][a-z]{2,8} \d{4}$/;
/** The Constituent Assembly's paragraph ids: volume.sitting.paragraph. */
const DEBATE_ANCHOR = /^\d+\.\d+\.\d+$/;

/** A sitting's page is headed by its date alone ("17 Dec 1946"); say what it is. */
function debateTitle(title: string | null, blocks: LoaderResult['blocks']): string | null {
  if (!title || !BARE_DATE.test(title)) return null;
  const debate = blocks.some((block) => block.anchor !== null && DEBATE_ANCHOR.test(block.anchor));
  return debate ? `Constituent Assembly Debates, ${title}` : null;
}

export function loadHtml(
  bytes: Uint8Array,
  limits: LoadLimits = DEFAULT_LOAD_LIMITS,
): LoaderResult {
  const decoded = decodeText(bytes, declaredCharset(bytes));
  const { blocks, title } = extractHtmlBlocks(decoded.text, {
    budget: new ReadBudget('HTML file', limits),
  });
  // A page's single <h1> names it better than a <title> padded with the site's name.
  const topHeadings = blocks.filter((block) => block.kind === 'heading' && block.level === 1);
  const [onlyTop] = topHeadings;
  const chosen = topHeadings.length === 1 && onlyTop ? onlyTop.text : withoutSiteName(title);
  return {
    blocks,
    title: debateTitle(chosen, blocks) ?? chosen,
    pageCount: null,
    warnings: decoded.warning ? [decoded.warning] : [],
  };
}
