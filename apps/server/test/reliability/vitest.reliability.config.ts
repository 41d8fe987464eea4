import { defineConfig } from 'vitest/config';

// Crash-safety runs (`npm run test:reliability`): the real server, killed with SIGKILL at random
// moments and restarted, on embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
// Kept out of `npm test` (the root config only picks up *.test.ts under src/ and *.int.test.ts).
export default defineConfig({
  test: {
    name: 'reliability',
    allowOnly: false,
    root: import.meta.dirname,
    include: ['**/*.reliability.test.ts'],
    testTimeout: 15 * 60_000,
    hookTimeout: 60_000,
    // One engine at a time: each run measures start-up times, which parallel runs would distort.
    fileParallelism: false,
    // The servers these runs spawn answer with BM25: crash, disk and bomb safety do not depend
    // on the embedding model, whose load would add seconds to every restart measured here.
    env: { EMBEDDINGS: 'off' },
  },
});
