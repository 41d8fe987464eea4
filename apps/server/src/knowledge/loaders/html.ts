/**
 * HTML pages: the main text through the shared block extraction.
 */
import { declaredCharset, decodeText } from './decode.ts';
import { extractHtmlBlocks } from './html-blocks.ts';
import type { LoaderResult } from './result.ts';

/** "25 Nov 1949 Archives - Constitution of India" → "25 Nov 1949 Archives": drop the site. */
function withoutSiteName(title: string | null): string | null {
  if (!title) return null;
  const [first] = title.split(/\s+[|–—-]\s+/);
  return first?.trim() || null;
}

export function loadHtml(bytes: Uint8Array): LoaderResult {
  const decoded = decodeText(bytes, declaredCharset(bytes));
  const { blocks, title } = extractHtmlBlocks(decoded.text);
  // A page's single <h1> names it better than a <title> padded with the site's name.
  const topHeadings = blocks.filter((block) => block.kind === 'heading' && block.level === 1);
  const [onlyTop] = topHeadings;
  return {
    blocks,
    title: topHeadings.length === 1 && onlyTop ? onlyTop.text : withoutSiteName(title),
    pageCount: null,
    warnings: decoded.warning ? [decoded.warning] : [],
  };
}
