/**
 * ZIP and XML helpers for the container formats (EPUB, DOCX).
 */
import type { AnyNode, Document, Element } from 'domhandler';
import { unzipSync } from 'fflate';
import { DomUtils, parseDocument } from 'htmlparser2';
import { LoadError } from '../types.ts';

/** A single member this large is not a book chapter; refusing it guards against zip bombs. */
const MAX_MEMBER_BYTES = 200 * 1024 * 1024;

export class Archive {
  readonly #bytes: Uint8Array;
  readonly #format: string;

  constructor(bytes: Uint8Array, format: string) {
    this.#bytes = bytes;
    this.#format = format;
  }

  /** The named members that exist, decompressed; names are matched exactly. */
  read(names: readonly string[]): Map<string, Uint8Array> {
    const wanted = new Set(names);
    try {
      const files = unzipSync(this.#bytes, {
        filter: (file) => wanted.has(file.name) && file.originalSize <= MAX_MEMBER_BYTES,
      });
      return new Map(Object.entries(files));
    } catch (error) {
      throw new LoadError('damaged', `${this.#format} is damaged or not a valid ${this.#format}`, {
        cause: error,
      });
    }
  }

  readText(name: string): string | null {
    const member = this.read([name]).get(name);
    return member ? new TextDecoder('utf-8').decode(member) : null;
  }
}

export const isElement = (node: AnyNode): node is Element => 'attribs' in node;

export function parseXml(text: string): Document {
  return parseDocument(text, { xmlMode: true });
}

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
