// `npm run ingest -- <files or folders…> [--replace]`, `--list`, `--remove <id|file_name>`.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { DirectoryLockedError } from '../db/directory-lock.ts';
import { openDatabase } from '../db/open-database.ts';
import { listDocuments } from '../repositories/document-repository.ts';
import { embedDocument, embedPendingDocuments } from '../services/embedding-service.ts';
import {
  type IngestionDeps,
  type IngestOutcome,
  ingestFile,
  removeDocuments,
} from '../services/ingestion-service.ts';
import { createConfiguredEmbeddingClient } from '../services/open-knowledge-base.ts';
import { FileStore } from '../storage/file-store.ts';
import { collectFiles } from './collect-files.ts';
import { renderTable } from './summary-table.ts';

const usage = `Usage:
  npm run ingest -- <files or folders…> [--replace]   add documents (unchanged files are skipped)
  npm run ingest -- --list                            list ingested documents
  npm run ingest -- --remove <id|file_name>           remove a document`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      replace: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      remove: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (!values.list && !values.remove && positionals.length === 0)) {
    console.log(usage);
    return values.help ? 0 : 2;
  }

  const config = loadConfig();
  const database = await openForCli(config.database);
  try {
    await database.migrate();
    const files = new FileStore(config.knowledge.filesDir);
    const embeddings = createConfiguredEmbeddingClient(config);
    const deps: IngestionDeps = {
      db: database.db,
      files,
      maxFileBytes: config.knowledge.maxFileBytes,
      embedChunks: embeddings ? (id) => embedDocument(database.db, embeddings, id) : null,
    };
    if (embeddings) {
      const resumed = await embedPendingDocuments(database.db, embeddings);
      if (resumed > 0) console.error(`Finished embeddings of ${resumed} earlier documents`);
    }
    if (values.list) return await list(database);
    if (values.remove) {
      const removed = await removeDocuments(deps, values.remove);
      if (removed.length === 0) {
        console.error(`No document has the id or file name ${values.remove}`);
        return 1;
      }
      for (const document of removed) console.log(`Removed ${document.fileName} (${document.id})`);
      return 0;
    }
    return await ingest(deps, positionals, values.replace, config.knowledge.maxFileBytes);
  } finally {
    await database.close();
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
  return 0;
}

type Row = { file: string; outcome: IngestOutcome };

async function ingest(
  deps: Parameters<typeof ingestFile>[0],
  targets: string[],
  replace: boolean,
  maxBytes: number,
): Promise<number> {
  const paths = await collectFiles(targets);
  const interactive = Boolean(process.stderr.isTTY);
  const bar = new cliProgress.SingleBar(
    {
      format:
        'files {value}/{total} |{bar}| pages {pages} · chunks {chunks} · {rate} pages/s · ETA {eta_formatted} · {file}',
      hideCursor: true,
      stream: process.stderr,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let pages = 0;
  let chunks = 0;
  if (interactive) bar.start(paths.length, 0, { pages, chunks, rate: '0', file: '' });
  const rows: Row[] = [];
  for (const [index, file] of paths.entries()) {
    const outcome = await ingestOne(deps, file, replace, maxBytes);
    rows.push({ file, outcome });
    if (outcome.status === 'ingested' || outcome.status === 'replaced') {
      pages += outcome.pages ?? 0;
      chunks += outcome.chunks;
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = (pages / Math.max(seconds, 0.001)).toFixed(1);
    if (interactive) bar.update(index + 1, { pages, chunks, rate, file: path.basename(file) });
    else console.error(`[${index + 1}/${paths.length}] ${outcome.status.padEnd(8)} ${file}`);
  }
  if (interactive) bar.stop();
  printSummary(rows, (performance.now() - started) / 1000, pages, chunks);
  return rows.some((row) => row.outcome.status === 'failed') ? 1 : 0;
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
    const known = error instanceof ConfigError || error instanceof DirectoryLockedError;
    console.error(known ? `samvad: ${(error as Error).message}` : error);
    process.exitCode = 1;
  },
);
