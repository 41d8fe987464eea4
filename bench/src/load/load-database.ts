/**
 * Which database `npm run test:load` runs the server on (docs/operations.md#load-and-soak):
 * embedded PGlite, unless a PostgreSQL server is named by BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (a throwaway database is made on it and dropped). There is no default address: a run on a
 * machine that happens to have PostgreSQL on localhost still measures PGlite, as documented.
 */
export type LoadDatabase =
  | { kind: 'pglite' }
  | { kind: 'postgres'; serverUrl: string; source: 'BENCH_DATABASE_URL' | 'TEST_DATABASE_URL' };

export function chooseLoadDatabase(
  choice: string,
  env: NodeJS.ProcessEnv = process.env,
): LoadDatabase | { error: string } {
  if (!['auto', 'pglite', 'postgres'].includes(choice)) {
    return {
      error: `--database takes auto (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite), pglite or postgres; got ${choice}`,
    };
  }
  if (choice === 'pglite') return { kind: 'pglite' };
  const named = env.BENCH_DATABASE_URL
    ? { serverUrl: env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL' as const }
    : env.TEST_DATABASE_URL
      ? { serverUrl: env.TEST_DATABASE_URL, source: 'TEST_DATABASE_URL' as const }
      : null;
  if (named) return { kind: 'postgres', ...named };
  if (choice === 'postgres') {
    return { error: '--database postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL' };
  }
  return { kind: 'pglite' };
}
