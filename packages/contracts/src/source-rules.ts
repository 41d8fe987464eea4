/**
 * The source shape's fixed values, without zod: the chat's first load reads these, and the schema
 * library stays out of it (the /chat JavaScript budget, 150 kB).
 */

/** Code points of a source's speaker name; names are short, this only bounds what is stored. */
export const SOURCE_SPEAKER_MAX_LENGTH = 120;

/** The speaker of editorial text (an introduction, a note) when the editor is not named. */
export const EDITOR_SPEAKER = 'Editor';

/**
 * The speaker when nothing tells whose words they are: said out loud so that such words are never
 * read as the reformer's.
 */
export const UNKNOWN_SPEAKER = 'Unknown speaker';

/** Code points of a source's title (the document's title); titles are short, this bounds storage. */
export const SOURCE_TITLE_MAX_LENGTH = 300;

/** A Constituent Assembly paragraph id: volume.sitting.paragraph, e.g. "11.165.2". */
export const PARAGRAPH_ID_PATTERN = /^\d{1,3}\.\d{1,4}\.\d{1,4}$/;

/** Document and chunk ids as the server makes them (base64url, chunks `<document>-<ordinal>`). */
const READER_ID = '[A-Za-z0-9_-]{1,80}';

/**
 * The source reader's link: `/sources/<document>?chunk=<chunk>`, with `#p-<paragraph id>` for a
 * debate paragraph. Every format but PDF opens here, at the passage; PDFs keep opening in the
 * browser's viewer at `#page=N` (the spec's links).
 */
export const SOURCE_READER_LINK = new RegExp(
  `^/sources/(${READER_ID})\\?chunk=(${READER_ID})(?:#p-(\\d{1,3}\\.\\d{1,4}\\.\\d{1,4}))?$`,
);

export function sourceReaderLink(
  documentId: string,
  chunkId: string,
  paragraphId?: string | null,
): string {
  const fragment = paragraphId && PARAGRAPH_ID_PATTERN.test(paragraphId) ? `#p-${paragraphId}` : '';
  return `/sources/${encodeURIComponent(documentId)}?chunk=${encodeURIComponent(chunkId)}${fragment}`;
}

/** The parts of a reader link, or null when the text is not one. */
export function parseSourceReaderLink(
  link: string,
): { documentId: string; chunkId: string; paragraphId: string | null } | null {
  const match = SOURCE_READER_LINK.exec(link);
  if (!match?.[1] || !match[2]) return null;
  return { documentId: match[1], chunkId: match[2], paragraphId: match[3] ?? null };
}

/** The DOM id (and URL fragment without '#') of a debate paragraph in the reader. */
export function paragraphAnchorId(paragraphId: string): string {
  return `p-${paragraphId}`;
}
