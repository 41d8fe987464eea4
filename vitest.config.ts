import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) run once per database engine: always on embedded
// PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set (as .ci/run does).
const databaseEngines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    // Four workers whatever the core count (Vitest's default is one fewer than the cores: one on
    // a 2-core CI machine): integration tests spend much of their time waiting on PostgreSQL
    // and on the processes they spawn. On the 2-core CI machine (2026-11-28) two workers left
    // the cores idle a fifth of the run (740 s); four kept them busy (650 s).
    maxWorkers: 4,
    // A stray `.only` fails the run here too, not only on CI, where it would silently skip the rest.
    allowOnly: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      // The web app's own config, with the root's allowOnly: a config file of its own would not
      // inherit it (only inline projects do).
      {
        extends: './apps/web/vite.config.ts',
        root: 'apps/web',
        test: { name: 'web', allowOnly: false },
      },
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          // Set-up that opens an embedded database (PGlite: seconds of WebAssembly start) or
          // spawns a reader must survive a busy shared machine; a test's result never depends on
          // its speed (timings belong in benchmarks).
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      ...databaseEngines.map((engine) => ({
        test: {
          name: `server-int:${engine}`,
          root: 'apps/server',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          // Servers and CLIs the tests spawn inherit EMBEDDINGS=off: loading the model takes
          // seconds and ~300 MB, and a background embedding run would load a busy machine
          // further. The model's own tests turn it on (e5-local-model.int.test.ts).
          env: { SAMVAD_TEST_DB: engine, EMBEDDINGS: 'off' },
          // Some spawn the server or the CLI several times: seconds each on a shared 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
    ],
  },
});
