/**
 * ZIP and XML helpers for the container formats (EPUB, DOCX). Everything one file unpacks and
 * parses counts against one ReadBudget: the limits bound the document, not each part of it.
 */
import type { AnyNode, Document, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { LoadError } from '../types.ts';
import { DEFAULT_LOAD_LIMITS, ReadBudget } from './limits.ts';
import { parseCounted } from './parse-counted.ts';
import { ZipBudgetError, ZipFormatError, ZipReader } from './zip.ts';

export class Archive {
  readonly budget: ReadBudget;
  readonly #format: string;
  readonly #zip: ZipReader;

  constructor(
    bytes: Uint8Array,
    format: string,
    budget = new ReadBudget(format, DEFAULT_LOAD_LIMITS),
  ) {
    this.#format = format;
    this.budget = budget;
    try {
      this.#zip = new ZipReader(bytes);
    } catch (error) {
      throw this.#damaged(error);
    }
  }

  /** The named member (matched exactly), unpacked; null when the archive has none. */
  async read(name: string): Promise<Uint8Array | null> {
    const member = this.#zip.members.get(name);
    if (!member) return null;
    try {
      const bytes = await this.#zip.unpack(member, this.budget.bytesLeft);
      this.budget.takeBytes(bytes.length);
      return bytes;
    } catch (error) {
      if (error instanceof ZipBudgetError) throw this.budget.tooManyBytes();
      throw error instanceof ZipFormatError ? this.#damaged(error) : error;
    }
  }

  async readText(name: string): Promise<string | null> {
    const member = await this.read(name);
    return member ? new TextDecoder('utf-8').decode(member) : null;
  }

  /** Parses XML counted against this file's element budget. */
  parseXml(text: string): Document {
    return parseCounted(text, { xmlMode: true }, this.budget);
  }

  #damaged(error: unknown): LoadError {
    return new LoadError('damaged', `${this.#format} is damaged or not a valid ${this.#format}`, {
      cause: error,
    });
  }
}

export const isElement = (node: AnyNode): node is Element => 'attribs' in node;

/** Elements by qualified name ("w:p") or, for namespaced XML, by local name ("rootfile"). */
export function elementsNamed(root: AnyNode | AnyNode[], name: string): Element[] {
  return DomUtils.getElementsByTagName(
    (tag) => tag === name || tag.endsWith(`:${name}`),
    root,
    true,
  );
}

export function firstText(root: AnyNode | AnyNode[], name: string): string | null {
  const element = elementsNamed(root, name)[0];
  const text = element ? DomUtils.textContent(element).replace(/\s+/g, ' ').trim() : '';
  return text.length > 0 ? text : null;
}

/** Resolves an href found in `base` (a member path) to a member path. */
export function resolveMember(base: string, href: string): string {
  const path = decodeURIComponent(href.split('#')[0] ?? '');
  if (path.startsWith('/')) return path.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
