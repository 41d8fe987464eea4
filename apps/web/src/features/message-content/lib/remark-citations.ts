/**
 * A remark plugin that turns citation markers in prose ("[1]", "[2, 3]", "[1][2]") into
 * `<span data-citations="2,3">` elements, which the markdown renderer draws as links to the
 * sources. Only text nodes are touched, so markers inside code spans and code blocks (which are
 * `inlineCode` / `code` nodes) stay literal, and text inside links is skipped so links never nest.
 * A group with no matching source stays plain text; in a mixed group ("[2, 9]" with two sources)
 * the renderer shows the unmatched numbers as plain text.
 */

// Minimal mdast shapes: the plugin only needs types, children and text values.
type MdastNode = {
  type: string;
  value?: string;
  children?: MdastNode[];
  data?: Record<string, unknown>;
};

export type RemarkCitationsOptions = {
  /** How many sources the message has: citation n is valid for 1 <= n <= sourceCount. */
  sourceCount: number;
};

/** The hast property the renderer looks for (data-citations on the element). */
export const CITATIONS_ATTRIBUTE = 'data-citations';

const MARKER = /\[\s*(\d{1,3}(?:\s*,\s*\d{1,3})*)\s*\]/g;
const LINK_TYPES = new Set(['link', 'linkReference']);

export function remarkCitations(options: RemarkCitationsOptions) {
  const count = options.sourceCount;
  return (tree: MdastNode) => {
    if (count > 0) visit(tree, count);
  };
}

function visit(parent: MdastNode, count: number): void {
  const children = parent.children;
  if (!children) return;
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    if (!child) continue;
    if (child.type === 'text' && typeof child.value === 'string') {
      const replacement = splitMarkers(child.value, count);
      if (replacement) {
        children.splice(index, 1, ...replacement);
        index += replacement.length - 1;
      }
    } else if (!LINK_TYPES.has(child.type)) {
      visit(child, count);
    }
  }
}

/** The text split around its valid markers, or null when it has none. */
export function splitMarkers(text: string, count: number): MdastNode[] | null {
  const nodes: MdastNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const numbers = (match[1] ?? '').split(',').map((part) => Number(part.trim()));
    if (!numbers.some((n) => n >= 1 && n <= count)) continue;
    const start = match.index;
    if (start > last) nodes.push({ type: 'text', value: text.slice(last, start) });
    nodes.push(citationNode(match[0], numbers));
    last = start + match[0].length;
  }
  if (nodes.length === 0) return null;
  if (last < text.length) nodes.push({ type: 'text', value: text.slice(last) });
  return nodes;
}

function citationNode(original: string, numbers: number[]): MdastNode {
  return {
    type: 'citation',
    data: {
      hName: 'span',
      hProperties: { dataCitations: numbers.join(',') },
      // The original text is the element's content: copying the answer keeps "[1]".
      hChildren: [{ type: 'text', value: original }],
    },
  };
}
