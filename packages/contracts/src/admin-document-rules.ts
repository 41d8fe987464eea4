// Plain values of the Knowledge Base upload (no zod), so the admin page can use them without
// loading the schema library.

/** The file types an admin may upload: what the ingestion loaders read (a test keeps them equal). */
export const UPLOAD_EXTENSIONS = [
  '.pdf',
  '.txt',
  '.text',
  '.md',
  '.markdown',
  '.html',
  '.htm',
  '.xhtml',
  '.epub',
  '.docx',
] as const;

/** Files per upload request; each file's size limit is the server's INGEST_MAX_BYTES. */
export const UPLOAD_MAX_FILES = 20;

/**
 * Bounds of what an admin may set on a document (issue #29: Edit details). The title's bound is
 * the source's (SOURCE_TITLE_MAX_LENGTH in source-rules.ts), so a corrected title is never cut.
 */
export const DOCUMENT_AUTHOR_MAX_LENGTH = 200;
/** The number of a volume in its series ("1", "17"), as sources carry it. */
export const DOCUMENT_VOLUME_PATTERN = /^\d{1,3}$/;
export const DOCUMENT_YEAR_MIN = 1000;
export const DOCUMENT_YEAR_MAX = 2999;

/**
 * Where ingestion found a document's title (issue #29 item 5), best first: the file's own
 * metadata or header ('declared'), its title page, its first real heading, a "SOURCE:" header
 * naming the collection, a plain text's opening line, a copy of the same work already in the
 * knowledge base, and, when nothing better exists, its file name. The Knowledge Base tab flags
 * 'file_name' so an admin can correct it.
 */
export const TITLE_SOURCES = [
  'declared',
  'title_page',
  'heading',
  'header',
  'opening_line',
  'copy',
  'file_name',
] as const;
export type TitleSource = (typeof TITLE_SOURCES)[number];
