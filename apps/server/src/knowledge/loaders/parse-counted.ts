import type { Document } from 'domhandler';
import { DomHandler, type Options, Parser } from 'htmlparser2';
import type { ReadBudget } from './limits.ts';

/**
 * Elements nested deeper than this are read as their ancestor's content (their text stays, their
 * tags go): no real page nests this deep, and every walk over the tree stays shallow. Browsers
 * cap nesting too (Chromium's HTML parser at 512).
 */
export const MAX_ELEMENT_DEPTH = 256;

/**
 * Deeper than this, a file is refused: the parser keeps its own stack of open elements and
 * adds to its front (O(depth) per element), so 400,000 nested <div> cost it minutes by itself.
 */
export const MAX_PARSE_DEPTH = 4096;

/**
 * htmlparser2's parseDocument, counting each element against the budget: past the limit the
 * count throws from inside the parser, which stops there, before the tree grows any further.
 * The tree is at most MAX_ELEMENT_DEPTH deep, and a file nested past MAX_PARSE_DEPTH is refused
 * (400,000 nested <div> once took minutes and then overflowed the stack).
 */
export function parseCounted(text: string, options: Options, budget: ReadBudget): Document {
  const handler = new DomHandler(undefined, options);
  const open = handler.onopentag.bind(handler);
  const close = handler.onclosetag.bind(handler);
  // The parser's innermost open elements that were not given to the tree: always the deepest, so
  // the parser closes them before any element the tree holds.
  let flattened = 0;
  let depth = 0;
  handler.onopentag = (name, attribs) => {
    budget.takeElement();
    if (depth + flattened >= MAX_PARSE_DEPTH) throw budget.tooDeep(MAX_PARSE_DEPTH);
    if (depth >= MAX_ELEMENT_DEPTH) {
      flattened++;
      return;
    }
    depth++;
    open(name, attribs);
  };
  handler.onclosetag = () => {
    if (flattened > 0) {
      flattened--;
      return;
    }
    depth--;
    close();
  };
  new Parser(handler, options).end(text);
  return handler.root;
}
