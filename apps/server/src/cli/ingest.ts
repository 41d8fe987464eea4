// `npm run ingest -- <files or folders…> [--replace]`, `--list`, `--remove <id|file_name>`,
// `--embed [--reembed]`.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../config/env.ts';
import { loadPersona } from '../config/persona.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { DirectoryLockedError } from '../db/directory-lock.ts';
import { openDatabase } from '../db/open-database.ts';
import { listDocuments } from '../repositories/document-repository.ts';
import { EmbeddingDimensionError } from '../repositories/embedding-repository.ts';
import { embedDocument, embedPendingDocuments } from '../retrieval/embedding-service.ts';
import { openEmbeddingModel } from '../retrieval/open-knowledge-base.ts';
import {
  type IngestionDeps,
  type IngestOutcome,
  ingestFile,
  removeDocuments,
} from '../services/ingestion-service.ts';
import { FileStore } from '../storage/file-store.ts';
import { collectFiles } from './collect-files.ts';
import { EXIT, embedAll } from './embed-all.ts';
import { embeddingProgress } from './embedding-progress.ts';
import { renderTable } from './summary-table.ts';

const usage = `Usage:
  npm run ingest -- <files or folders…> [--replace]   add documents (unchanged files are skipped)
  npm run ingest -- --list                            list ingested documents
  npm run ingest -- --remove <id|file_name>           remove a document
  npm run ingest -- --embed                           embed every chunk without a vector for
                                                      EMBEDDING_MODEL (resumable; with files: after them)
  npm run ingest -- --embed --reembed                 delete EMBEDDING_MODEL's vectors (and any of
                                                      another length) first, then embed everything

Exit status:
  0    every file was ingested, replaced or skipped as unchanged
  2    some files failed and the others went in: the summary table names each failure
  1    nothing could be done: every file failed, no file was found, a bad argument or setting
  130  interrupted (Ctrl+C) while embedding; run the same command to resume`;

/** A problem with what the command was given, reported in one line, without a stack trace. */
class UsageError extends Error {
  override name = 'UsageError';
}

async function main(): Promise<number> {
  const { values, positionals } = parseArguments();
  const embed = values.embed || values.reembed;
  if (values.help || (!values.list && !values.remove && !embed && positionals.length === 0)) {
    if (values.help) console.log(usage);
    else console.error(`samvad: nothing to do: name files or folders, or an option.\n\n${usage}`);
    return values.help ? EXIT.ok : EXIT.nothingDone;
  }
  // Before the database is opened: a mistyped path is said at once, and nothing is half done.
  const paths = positionals.length > 0 ? await collectTargets(positionals) : [];

  const config = loadConfig();
  // Whose words each passage holds is decided against the persona's names (PERSONA_FILE).
  const persona = await loadPersona(config.personaFile);
  // The in-process model by default (its lines on stderr), or the configured endpoint.
  const model = openEmbeddingModel(config, (status) => {
    if (status.state === 'loading' && status.message)
      console.error(`embedding model: ${status.message}`);
    if (status.state === 'failed') {
      console.error(
        `embedding model unavailable: ${status.message}; text is ingested, vectors resume at the next run or server start`,
      );
    }
  });
  const embeddings = model?.client ?? null;
  if (embed && !embeddings) {
    console.error(
      'samvad: --embed needs embeddings on: unset EMBEDDINGS=off for the in-process model, or set ' +
        'EMBEDDING_BASE_URL and EMBEDDING_MODEL for an endpoint (see .env.example), then run this again.',
    );
    return EXIT.nothingDone;
  }
  const database = await openForCli(config.database);
  try {
    await database.migrate();
    const files = new FileStore(config.knowledge.filesDir);
    const interactive = Boolean(process.stderr.isTTY);
    const progress: FileEmbeddingProgress = { multibar: null, file: '' };
    const deps: IngestionDeps = {
      db: database.db,
      files,
      maxFileBytes: config.knowledge.maxFileBytes,
      persona,
      embedChunks: embeddings
        ? async (id) => {
            const reporter = embeddingProgress({
              label: `embedding ${progress.file}`,
              interactive,
              multibar: progress.multibar,
            });
            try {
              await embedDocument(database.db, embeddings, id, { onProgress: reporter.onProgress });
            } finally {
              reporter.stop();
            }
          }
        : null,
    };
    if (embeddings && !embed) {
      const resumed = await embedPendingDocuments(database.db, embeddings);
      if (resumed > 0) console.error(`Finished embeddings of ${resumed} earlier documents`);
    }
    if (values.list) return await list(database);
    if (values.remove) {
      const removed = await removeDocuments(deps, values.remove);
      if (removed.length === 0) {
        console.error(`No document has the id or file name ${values.remove}`);
        return EXIT.nothingDone;
      }
      for (const document of removed) console.log(`Removed ${document.fileName} (${document.id})`);
      return EXIT.ok;
    }
    let status: number = EXIT.ok;
    if (paths.length > 0) {
      status = await ingest(deps, paths, values.replace, config.knowledge.maxFileBytes, progress);
    }
    if (embed && embeddings) {
      status = worse(status, await embedAll(database, embeddings, values.reembed, interactive));
    }
    return status;
  } finally {
    await model?.close();
    await database.close();
  }
}

/** Where the embedding bar of the file being ingested goes, and that file's name. */
type FileEmbeddingProgress = { multibar: cliProgress.MultiBar | null; file: string };

/** The command line; an unknown option or a missing value is a UsageError (exit 1). */
function parseArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        replace: { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
        remove: { type: 'string' },
        embed: { type: 'boolean', default: false },
        reembed: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
}

async function openForCli(settings: Parameters<typeof openDatabase>[0]): Promise<DatabaseHandle> {
  try {
    return await openDatabase(settings);
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      throw new DirectoryLockedError(
        `${error.message}\n\nThe embedded database allows one process at a time. Either:\n` +
          '  1. stop the server, run this command, then start the server again (it indexes the new documents at start); or\n' +
          '  2. run the server and this command on PostgreSQL (set DATABASE_URL for both): running servers pick up the change within 5 seconds.',
      );
    }
    throw error;
  }
}

async function list(database: DatabaseHandle): Promise<number> {
  const documents = await listDocuments(database.db);
  console.log(
    renderTable(
      ['id', 'file', 'type', 'pages', 'language', 'status', 'title'],
      documents.map((d) => [
        d.id,
        d.fileName,
        d.contentType,
        d.pageCount,
        d.language,
        d.status,
        d.title,
      ]),
    ),
  );
  console.log(`\n${documents.length} documents`);
  return EXIT.ok;
}

type Row = { file: string; outcome: IngestOutcome };

/** The files named, folders expanded; a missing path or an empty folder is a UsageError. */
async function collectTargets(targets: string[]): Promise<string[]> {
  let paths: string[];
  try {
    paths = await collectFiles(targets);
  } catch (error) {
    const { code, path: missing } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') throw new UsageError(`No such file or folder: ${missing}`);
    if (code === 'EACCES') throw new UsageError(`Not allowed to read ${missing}`);
    throw error;
  }
  if (paths.length === 0) throw new UsageError(`No files found in ${targets.join(', ')}`);
  return paths;
}

/**
 * Of two steps' exit statuses, the one to report: an interruption, then a failure that left
 * nothing done (1), then a partial one (2), then success.
 */
function worse(a: number, b: number): number {
  const severity = (status: number) =>
    [EXIT.ok, EXIT.someFailed, EXIT.nothingDone, EXIT.interrupted].indexOf(
      status as (typeof EXIT)[keyof typeof EXIT],
    );
  return severity(a) >= severity(b) ? a : b;
}

async function ingest(
  deps: Parameters<typeof ingestFile>[0],
  paths: string[],
  replace: boolean,
  maxBytes: number,
  progress: FileEmbeddingProgress,
): Promise<number> {
  const interactive = Boolean(process.stderr.isTTY);
  // A multibar: while a file's chunks are embedded, their bar shows below the files bar.
  const bars = new cliProgress.MultiBar(
    { hideCursor: true, stream: process.stderr, noTTYOutput: false },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let pages = 0;
  let chunks = 0;
  const bar = interactive
    ? bars.create(
        paths.length,
        0,
        { pages, chunks, rate: '0', file: '' },
        {
          format:
            'files {value}/{total} |{bar}| pages {pages} · chunks {chunks} · {rate} pages/s · ETA {eta_formatted} · {file}',
        },
      )
    : null;
  if (interactive) progress.multibar = bars;
  const rows: Row[] = [];
  for (const [index, file] of paths.entries()) {
    progress.file = path.basename(file);
    const outcome = await ingestOne(deps, file, replace, maxBytes);
    rows.push({ file, outcome });
    if (outcome.status === 'ingested' || outcome.status === 'replaced') {
      pages += outcome.pages ?? 0;
      chunks += outcome.chunks;
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = (pages / Math.max(seconds, 0.001)).toFixed(1);
    if (bar) bar.update(index + 1, { pages, chunks, rate, file: path.basename(file) });
    else console.error(`[${index + 1}/${paths.length}] ${outcome.status.padEnd(8)} ${file}`);
  }
  if (interactive) bars.stop();
  progress.multibar = null;
  printSummary(rows, (performance.now() - started) / 1000, pages, chunks);
  const failed = rows.filter((row) => row.outcome.status === 'failed').length;
  if (failed === 0) return EXIT.ok;
  if (failed === rows.length) return EXIT.nothingDone;
  console.error(
    `samvad: ${failed} of ${rows.length} files failed (see the table); the others are in the knowledge base.`,
  );
  return EXIT.someFailed;
}

async function ingestOne(
  deps: Parameters<typeof ingestFile>[0],
  file: string,
  replace: boolean,
  maxBytes: number,
): Promise<IngestOutcome> {
  // Refuse an oversized file before reading it into memory.
  const { size } = await stat(file);
  if (size > maxBytes) {
    return {
      status: 'failed',
      reason: 'too_large',
      message: `File is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit`,
    };
  }
  const bytes = new Uint8Array(await readFile(file));
  return ingestFile(deps, { fileName: path.basename(file), bytes, replace });
}

function printSummary(rows: Row[], seconds: number, pages: number, chunks: number): void {
  const table = rows.map(({ file, outcome }) => [
    path.basename(file),
    outcome.status,
    outcome.status === 'ingested' || outcome.status === 'replaced' ? outcome.pages : null,
    outcome.status === 'ingested' || outcome.status === 'replaced' ? outcome.chunks : null,
    outcome.status === 'failed' || outcome.status === 'skipped'
      ? outcome.message
      : outcome.warnings.join('; ') || '',
  ]);
  console.log(`\n${renderTable(['file', 'status', 'pages', 'chunks', 'note'], table)}`);
  const count = (status: IngestOutcome['status']) =>
    rows.filter((row) => row.outcome.status === status).length;
  console.log(
    `\n${count('ingested')} ingested, ${count('replaced')} replaced, ${count('skipped')} skipped, ` +
      `${count('failed')} failed · ${pages} pages, ${chunks} chunks in ${seconds.toFixed(1)} s`,
  );
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof DirectoryLockedError ||
      error instanceof EmbeddingDimensionError ||
      error instanceof UsageError;
    console.error(known ? `samvad: ${(error as Error).message}` : error);
    process.exitCode = EXIT.nothingDone;
  },
);
