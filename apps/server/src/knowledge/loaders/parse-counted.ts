import type { Document } from 'domhandler';
import { DomHandler, type Options, Parser } from 'htmlparser2';
import type { ReadBudget } from './limits.ts';

/**
 * htmlparser2's parseDocument, counting each element against the budget: past the limit the
 * count throws from inside the parser, which stops there, before the tree grows any further.
 */
export function parseCounted(text: string, options: Options, budget: ReadBudget): Document {
  const handler = new DomHandler(undefined, options);
  const open = handler.onopentag.bind(handler);
  handler.onopentag = (name, attribs) => {
    budget.takeElement();
    open(name, attribs);
  };
  new Parser(handler, options).end(text);
  return handler.root;
}
