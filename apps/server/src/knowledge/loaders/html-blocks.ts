/**
 * Block extraction from HTML and XHTML, shared by the HTML and EPUB loaders: the main text
 * only, headings with levels, and paragraph anchors such as the Constituent Assembly's
 * '11.165.2' identifiers.
 */
import type { AnyNode, Element, Text } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { countWords } from '../language.ts';
import { hasContent, normaliseText } from '../normalise.ts';
import type { LoadedBlock } from '../types.ts';
import { ReadBudget } from './limits.ts';
import { parseCounted } from './parse-counted.ts';

const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'textarea',
  'iframe',
  'object',
  'head',
  'menu',
  'title',
]);

const SKIPPED_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'menu',
  'menubar',
  'search',
  'complementary',
  'doc-toc',
]);

/** Class names of site chrome: menus, breadcrumbs, share buttons. */
const CHROME_CLASS =
  /^(?:(?:breadcrumbs?|sidebar|social|share|cookie|menu|nav|navbar|toc)(?:[-_].*)?|site-header|site-footer|header|footer|navigation|pagination|post-navigation|a2a_kit)$/i;

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'body',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'table',
  'tr',
  'dl',
  'dt',
  'dd',
  'figcaption',
  'address',
  'hr',
  'center',
]);

const PARAGRAPH_TAGS = new Set(['p', 'li', 'blockquote', 'pre', 'tr', 'dd', 'dt']);

/** A debate paragraph identifier: volume.sitting.paragraph. */
const PARAGRAPH_ID = /^\d{1,3}\.\d{1,4}\.\d{1,4}$/;

// domutils no longer re-exports domhandler's guards; these check the node's own shape.
const isElement = (node: AnyNode): node is Element => 'attribs' in node;
const isText = (node: AnyNode): node is Text => node.nodeType === 3;

function isChrome(element: Element): boolean {
  if (SKIPPED_TAGS.has(element.name)) return true;
  const attributes = element.attribs;
  if ('hidden' in attributes || attributes['aria-hidden'] === 'true') return true;
  if (
    SKIPPED_ROLES.has(attributes.role ?? '') ||
    SKIPPED_ROLES.has(attributes['epub:type'] ?? '')
  ) {
    return true;
  }
  const classes = (attributes.class ?? '').split(/\s+/);
  if (classes.some((name) => CHROME_CLASS.test(name))) return true;
  if (element.name === 'ul' || element.name === 'ol') return isLinkList(element);
  return false;
}

/** Lists made only of links are menus or tables of contents, not text. */
function isLinkList(list: Element): boolean {
  const items = list.children.filter((child) => isElement(child) && child.name === 'li');
  if (items.length === 0) return false;
  const total = DomUtils.textContent(list).replace(/\s+/g, '').length;
  const linked = DomUtils.getElementsByTagName('a', list)
    .map((link) => DomUtils.textContent(link).replace(/\s+/g, '').length)
    .reduce((sum, length) => sum + length, 0);
  return total > 0 && linked / total > 0.9;
}

/**
 * The element's text if it is at most `limit` characters long, else null. Wrapper elements can
 * hold a whole book; stopping early keeps the walk linear.
 */
function shortText(node: AnyNode, limit: number): string | null {
  let text = '';
  // Nodes visited, bounded too: a wrapper of many empty elements has no text to stop at.
  let nodes = 0;
  const stack: AnyNode[] = [node];
  for (let current = stack.pop(); current; current = stack.pop()) {
    if (++nodes > limit) return null;
    if (isText(current)) {
      text += current.data;
      if (text.length > limit) return null;
    } else if (isElement(current)) {
      for (let i = current.children.length - 1; i >= 0; i--) {
        stack.push(current.children[i] as AnyNode);
      }
    }
  }
  return text;
}

/** A paragraph set wholly in bold, short and unpunctuated, is a heading in all but name. */
function isBoldHeading(element: Element): boolean {
  if (element.name !== 'p' && element.name !== 'div') return false;
  const text = shortText(element, 300)?.replace(/\s+/g, ' ').trim();
  if (!text || !hasContent(text) || countWords(text) > 12) return false;
  if (/[.:;,]$/.test(text) && !/contd\.\)?$/i.test(text)) return false;
  const bold = [
    ...DomUtils.getElementsByTagName('strong', element),
    ...DomUtils.getElementsByTagName('b', element),
  ];
  const boldLength = bold.map((node) => DomUtils.textContent(node).trim().length);
  return boldLength.reduce((sum, length) => sum + length, 0) >= text.length * 0.75;
}

export type HtmlBlocks = { blocks: LoadedBlock[]; title: string | null };

export type HtmlBlockOptions = {
  /** Parse as XHTML (EPUB chapters): self-closing tags close. */
  xhtml?: boolean;
  /** Added to heading levels, e.g. 1 inside an EPUB chapter that has its own heading. */
  levelOffset?: number;
  /** The elements the file may still have (an EPUB's chapters share one); default: an HTML file's. */
  budget?: ReadBudget;
};

export function extractHtmlBlocks(html: string, options: HtmlBlockOptions = {}): HtmlBlocks {
  const document = parseCounted(
    html,
    { recognizeSelfClosing: options.xhtml ?? false },
    options.budget ?? new ReadBudget('HTML file'),
  );
  const titleElement = DomUtils.findOne((node) => node.name === 'title', document.children);
  const title = titleElement ? normaliseText(DomUtils.textContent(titleElement)) || null : null;
  const main =
    DomUtils.findOne(
      (node) => node.name === 'main' || node.attribs.role === 'main',
      document.children,
    ) ?? DomUtils.findOne((node) => node.name === 'body', document.children);
  const offset = options.levelOffset ?? 0;
  const blocks: LoadedBlock[] = [];
  let buffer = '';
  let anchor: string | null = null;
  let anchorScope: Element | null = null;
  let label: string | null = null;
  // A debate speech runs over several paragraphs until the next speaker's name.
  let speaker: string | null = null;
  let awaitingLabel = false;
  let lastHeadingLevel = offset;

  const push = (kind: LoadedBlock['kind'], text: string, level?: number) => {
    blocks.push({
      kind,
      ...(level === undefined ? {} : { level }),
      text,
      page: null,
      endPage: null,
      pageLabel: null,
      anchor: kind === 'paragraph' ? anchor : null,
      ...(kind === 'paragraph' && speaker ? { speaker } : {}),
    });
  };
  const releaseLabel = () => {
    if (label) push('paragraph', label);
    label = null;
  };
  /** `loose`: text outside any paragraph-like element (p, li, …), such as a speaker's name. */
  const flush = (loose = false, elementAnchor?: string) => {
    const text = normaliseText(buffer.replace(/\s+/g, ' ')).replace(/(?:\s*\|)+$/, '');
    buffer = '';
    if (!hasContent(text)) return;
    // The speaker's name comes loose between the paragraph id and the speech: "PRESIDENT".
    if (awaitingLabel && loose && countWords(text) <= 10 && !/[.?!,;:]$/.test(text)) {
      label = text;
      speaker = text;
      awaitingLabel = false;
      return;
    }
    awaitingLabel = false;
    const saved = anchor;
    if (anchor === null && elementAnchor) anchor = elementAnchor;
    push('paragraph', label ? `${label}: ${text}` : text);
    anchor = saved;
    label = null;
  };
  const heading = (text: string, level: number) => {
    flush();
    releaseLabel();
    anchor = null;
    anchorScope = null;
    speaker = null;
    const clean = normaliseText(text.replace(/\s+/g, ' '));
    if (!hasContent(clean)) return;
    push('heading', clean, Math.min(level, 6));
  };

  /** Reads a node on the way in; true when its children are to be walked (then `leave` runs). */
  const enter = (node: AnyNode): node is Element => {
    if (isText(node)) {
      buffer += node.data;
      return false;
    }
    if (!isElement(node) || isChrome(node)) return false;
    if (node.name === 'br') {
      buffer += '\n';
      return false;
    }
    const headingMatch = /^h([1-6])$/.exec(node.name);
    if (headingMatch) {
      const level = Number(headingMatch[1]) + offset;
      heading(DomUtils.textContent(node), level);
      lastHeadingLevel = level;
      return false;
    }
    if (isBoldHeading(node)) {
      heading(DomUtils.textContent(node), lastHeadingLevel + 1);
      return false;
    }
    const text = node.children.every((child) => !isElement(child))
      ? DomUtils.textContent(node).trim()
      : '';
    if (PARAGRAPH_ID.test(text)) {
      flush();
      releaseLabel();
      anchor = text;
      awaitingLabel = true;
      // The id belongs to the nearest enclosing element that has an id of its own.
      let scope = node.parent;
      while (scope && !(isElement(scope) && scope.attribs.id)) scope = scope.parent;
      anchorScope = scope && isElement(scope) ? scope : null;
      return false;
    }
    if (BLOCK_TAGS.has(node.name)) flush(true);
    return true;
  };
  /** An element whose children were all walked. */
  const leave = (node: Element) => {
    // A table row reads as one paragraph, its cells separated by bars.
    if (node.name === 'td' || node.name === 'th') buffer += ' | ';
    if (BLOCK_TAGS.has(node.name)) {
      const paragraphLike = PARAGRAPH_TAGS.has(node.name);
      flush(!paragraphLike, paragraphLike ? node.attribs.id : undefined);
    }
    if (node === anchorScope) {
      releaseLabel();
      speaker = null;
      anchor = null;
      anchorScope = null;
      awaitingLabel = false;
    }
  };

  // Depth first, in document order, with a stack of its own rather than the call stack's.
  const roots = main ? main.children : document.children;
  const stack: { node: AnyNode; leaving: boolean }[] = [];
  for (let i = roots.length - 1; i >= 0; i--)
    stack.push({ node: roots[i] as AnyNode, leaving: false });
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { node } = step;
    if (step.leaving) {
      leave(node as Element);
      continue;
    }
    if (!enter(node)) continue;
    stack.push({ node, leaving: true });
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children[i] as AnyNode, leaving: false });
    }
  }
  flush();
  releaseLabel();
  return { blocks, title };
}
