/**
 * Posts and comments are plain text written by members: no HTML and no markdown. The only
 * thing made of them is links, and only for absolute http(s) URLs; everything else (including
 * `javascript:` and markup) stays text, which React escapes.
 */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string };

// A URL runs to the next space; `<` and `>` end it too, as in "<https://…>".
const URL_PATTERN = /\bhttps?:\/\/[^\s<>]+/gi;
// Punctuation that ends a sentence rather than the URL ("see https://a.org/x.").
const TRAILING_PUNCTUATION = /[.,;:!?'"’”]+$/;

/** The text cut into plain runs and links, in order; joined back they give the text unchanged. */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const candidate = trimUrl(match[0]);
    const href = httpHref(candidate);
    if (!href) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return mergeText(segments);
}

/** Drops trailing punctuation and a closing bracket that has no opening one in the URL. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, '');
    const unbalanced =
      trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')
        ? trimmed.slice(0, -1)
        : trimmed;
    if (unbalanced === url) return url;
    url = unbalanced;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** The URL as the browser will read it, when it is a real http(s) address with a host. */
function httpHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

function mergeText(segments: TextSegment[]): TextSegment[] {
  const merged: TextSegment[] = [];
  for (const segment of segments) {
    const previous = merged[merged.length - 1];
    if (segment.kind === 'text' && previous?.kind === 'text') {
      merged[merged.length - 1] = { kind: 'text', text: previous.text + segment.text };
    } else {
      merged.push(segment);
    }
  }
  return merged;
}
