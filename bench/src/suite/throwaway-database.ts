import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty database on the given server, dropped (connections forced out) by drop(). */
export async function createThrowawayDatabase(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  const name = `samvad_bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
