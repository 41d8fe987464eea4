import {
  DOCUMENT_AUTHOR_MAX_LENGTH,
  DOCUMENT_YEAR_MAX,
  DOCUMENT_YEAR_MIN,
  TITLE_SOURCES,
} from '@samvad/contracts/admin-document-rules';
import { SOURCE_TITLE_MAX_LENGTH } from '@samvad/contracts/source-rules';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SPEAKER_ROLES, TEXT_KINDS } from '../knowledge/attribution.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    /**
     * Where ingestion found `title` (TITLE_SOURCES: metadata, title page, heading, a copy of the
     * work, … or the file name); null for documents ingested before it was recorded.
     */
    titleSource: text('title_source', { enum: TITLE_SOURCES }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
    pageCount: integer('page_count'),
    language: text('language').notNull(),
    sourceLink: text('source_link'),
    /** 'ready', or 'embedding' while dense vectors are still being computed. */
    status: text('status').notNull().default('ready'),
    /** Non-fatal problems found while loading, shown to admins. */
    warning: text('warning'),
    /**
     * Version of the attribution rules its chunks were made with (knowledge/attribute.ts); 0 for
     * documents ingested before chunks knew their speaker. Re-ingesting the file brings it up.
     */
    attributionVersion: integer('attribution_version').notNull().default(0),
    /**
     * What an admin set in the Knowledge Base tab (ADR 034), null where they set nothing: apart
     * from `title`, which ingestion reads from the file, so a re-ingest never undoes a correction.
     * Sources use them before anything read from the title or file name.
     */
    titleOverride: text('title_override'),
    author: text('author'),
    /** The volume's number in its series ("1", "17"). */
    volume: text('volume'),
    year: integer('year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('documents_sha256_key').on(table.sha256),
    index('documents_file_name_idx').on(table.fileName),
    // The route checks these too; here they hold for every writer (the CLI, a hand-made update).
    check(
      'documents_title_override_length',
      sql`char_length(${table.titleOverride}) between 1 and ${sql.raw(String(SOURCE_TITLE_MAX_LENGTH))}`,
    ),
    check(
      'documents_author_length',
      sql`char_length(${table.author}) between 1 and ${sql.raw(String(DOCUMENT_AUTHOR_MAX_LENGTH))}`,
    ),
    check(
      'documents_title_source_known',
      sql`${table.titleSource} in (${sql.raw(TITLE_SOURCES.map((source) => `'${source}'`).join(', '))})`,
    ),
    check('documents_volume_digits', sql`${table.volume} ~ '^[0-9]{1,3}$'`),
    check(
      'documents_year_range',
      sql`${table.year} between ${sql.raw(String(DOCUMENT_YEAR_MIN))} and ${sql.raw(String(DOCUMENT_YEAR_MAX))}`,
    ),
  ],
);

export const chunks = pgTable(
  'chunks',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    /** 1-based PDF page the chunk starts on; null for formats without pages. */
    page: integer('page'),
    startPage: integer('start_page'),
    endPage: integer('end_page'),
    pageLabel: text('page_label'),
    headingPath: text('heading_path').array().notNull(),
    anchor: text('anchor'),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull(),
    language: text('language').notNull(),
    /** Whose words: 'reformer' | 'other' | 'editor' | 'unknown' (knowledge/attribution.ts). */
    speakerRole: text('speaker_role', { enum: SPEAKER_ROLES }).notNull().default('unknown'),
    /** The speaker's name ("T. T. Krishnamachari"); null when not known. */
    speaker: text('speaker'),
    /** 'speech' | 'writing' | 'letter' | 'appendix' | 'editorial' | 'table' | 'unknown'. */
    textKind: text('text_kind', { enum: TEXT_KINDS }).notNull().default('unknown'),
  },
  (table) => [uniqueIndex('chunks_document_ordinal_key').on(table.documentId, table.ordinal)],
);

/** Dense vectors (float32, little-endian) for hybrid retrieval; absent without embeddings. */
export const chunkEmbeddings = pgTable('chunk_embeddings', {
  chunkId: text('chunk_id')
    .primaryKey()
    .references(() => chunks.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  dimensions: integer('dimensions').notNull(),
  vector: bytea('vector').notNull(),
  norm: real('norm').notNull(),
});

/**
 * An append-only log of knowledge-base changes. Every server polls it, so a document added or
 * removed by the CLI or another instance reaches every in-memory index within seconds.
 */
export const knowledgeChanges = pgTable(
  'knowledge_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: text('document_id').notNull(),
    kind: text('kind', { enum: ['upsert', 'remove'] }).notNull(),
    // clock_timestamp(), not now(): the time of the insert near commit, not of the transaction's
    // start, so pollers can look back over a window for ids that committed out of order.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [index('knowledge_changes_created_at_idx').on(table.createdAt)],
);

export type DocumentRow = typeof documents.$inferSelect;
export type ChunkRow = typeof chunks.$inferSelect;
