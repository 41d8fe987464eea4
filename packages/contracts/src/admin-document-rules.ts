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
