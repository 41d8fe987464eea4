import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config/env.ts';
import { loadPersona } from './config/persona.ts';
import { DirectoryLockedError } from './db/directory-lock.ts';
import { openDatabase } from './db/open-database.ts';
import { isDiskFullError, StorageFullError } from './db/storage-space.ts';
import type { LocalModelState } from './retrieval/e5/local-e5-client.ts';
import type { SnapshotEvent } from './retrieval/index-snapshot-keeper.ts';
import { openKnowledgeBase, startEmbeddingModel } from './retrieval/open-knowledge-base.ts';
import { bootstrapAdmin } from './services/admin-auth-service.ts';
import { OidcService } from './services/oidc-service.ts';

const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // The HTTP app's modules (Fastify, the routes, the AI SDK: most of the start-up's imports)
  // load while the database opens and migrates and the index is built: their file reads and
  // the database's WebAssembly compile overlap (bench:startup). A failure surfaces where the
  // app is built; until then it is held, not reported as unhandled.
  const appModule = import('./app.ts');
  appModule.catch(() => {});
  let app: FastifyInstance | undefined;
  // The model's lines before the app exists go to the same early queue's sibling.
  const earlyModel: LocalModelState[] = [];
  const logModel = (status: LocalModelState) => {
    if (!app) earlyModel.push(status);
    else if (status.state === 'failed') {
      // Said once: the reason, and what serves meanwhile.
      app.log.warn(
        `embedding model unavailable: ${status.message}. Answers use BM25 alone (word matching); see README, "Dense retrieval".`,
      );
    } else if (status.state === 'ready')
      app.log.info(
        { loadMs: status.loadMs },
        'embedding model ready (multilingual-e5-small, in-process)',
      );
    else if (status.state === 'loading' && status.message)
      app.log.info(`embedding model: ${status.message}`);
  };
  // The embedding model (a worker thread: reading, checking and building it takes 1–2 s) loads
  // while the database opens and migrates and the index loads (bench:startup).
  const embedding = startEmbeddingModel(config, logModel);
  const persona = await loadPersona(config.personaFile);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    await embedding.model?.close();
    throw error;
  }
  try {
    await database.migrate();
  } catch (error) {
    await embedding.model?.close();
    await database.close();
    throw error;
  }
  // Events before the app exists (loading the snapshot) are logged once it does.
  const early: SnapshotEvent[] = [];
  const logSnapshot = (event: SnapshotEvent) => {
    if (!app) early.push(event);
    else if (event.event === 'failed') {
      app.log.warn({ err: event.error }, 'index snapshot: failed; the next start rebuilds it');
    } else app.log.info({ snapshot: event }, `index snapshot ${event.event}`);
  };
  const knowledge = await openKnowledgeBase(
    config,
    database.db,
    {
      onDenseError: (error) =>
        app?.log.warn({ err: error }, 'dense retrieval failed; answered from BM25 alone'),
      onSnapshotEvent: logSnapshot,
      onModelStatus: logModel,
      onEmbeddingError: (error) =>
        app?.log.warn(
          { err: error },
          'background embedding stopped; it resumes at the next start or upload',
        ),
    },
    embedding,
  );
  const { buildApp } = await appModule;
  app = await buildApp({
    config,
    database,
    persona,
    knowledge,
    clock: () => new Date(),
    oidc: new OidcService(config),
  });
  for (const event of early.splice(0)) logSnapshot(event);
  for (const status of earlyModel.splice(0)) logModel(status);
  const bootstrap = await bootstrapAdmin(database.db, config.admin);
  if (bootstrap?.generatedPassword) {
    // Printed once, at the first start: there are no default credentials.
    app.log.warn(
      `First-run administrator created. Username: ${bootstrap.username}  Password: ${bootstrap.generatedPassword}  — sign in at ${config.publicUrl}/admin and change it.`,
    );
  } else if (bootstrap) {
    app.log.info(
      { username: bootstrap.username },
      'administrator account created from ADMIN_USERNAME',
    );
  }
  // Chunks without a vector (an interrupted run, or a knowledge base ingested before vectors
  // were on) are embedded in the background; search works meanwhile.
  knowledge.embedder?.nudge();
  knowledge.index.startSync(config.knowledge.syncIntervalMs, (error) =>
    app.log.error({ err: error }, 'knowledge index sync failed'),
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      knowledge.index.stopSync();
      await app.close();
      await knowledge.index.flushSnapshot();
      await knowledge.close();
      await database.close();
      app.log.info('stopped cleanly');
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exitCode = 1;
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The terminal closing (or a process manager's reload signal) stops the server cleanly too.
  process.once('SIGHUP', stop);

  await app.listen({
    port: config.port,
    host: config.host,
    // Fastify names each socket as a URL ("http://127.0.0.1:3000", and "http://[::1]:3000" for
    // localhost) before the ready line names PUBLIC_URL: several addresses, of which a browser
    // should open only one (the sign-in cookie and redirect belong to PUBLIC_URL's host). The
    // sockets are still logged, as sockets; the one URL to open is the ready line's.
    listenTextResolver: (address) => `listening on ${address.replace(/^https?:\/\//, '')}`,
  });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      knowledge: knowledge.index.stats,
      memory: memoryAtReady(database.memoryBytes()),
    },
    `${persona.productName} is ready at ${config.publicUrl}`,
  );
  if (knowledge.index.loaded.documents === 0) {
    app.log.warn(
      'The knowledge base is empty, so every question is answered "No documents have been added ' +
        `yet". Add documents in Admin → Knowledge Base (${config.publicUrl}/admin) or with ` +
        '`npm run ingest -- <folder>`.',
    );
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DirectoryLockedError ||
    error instanceof StorageFullError
  ) {
    console.error(`samvad: ${error.message}`);
  } else if (isDiskFullError(error)) {
    // Anything else that met a full disk while starting (the development secret, the file store).
    const message = error instanceof Error ? error.message : String(error);
    console.error(`samvad: no space left on device (${message}). Free some space and start again.`);
  } else {
    console.error('samvad: failed to start', error);
  }
  process.exit(1);
});

/** Where the process's memory is at ready, in MB (docs/performance.md reads these). */
function memoryAtReady(databaseBytes: number) {
  const usage = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  return {
    rssMB: mb(usage.rss),
    heapUsedMB: mb(usage.heapUsed),
    externalMB: mb(usage.external),
    databaseMB: mb(databaseBytes),
  };
}
