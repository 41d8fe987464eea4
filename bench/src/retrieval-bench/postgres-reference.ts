/**
 * The reference: what a team would get from PostgreSQL's own full-text search with no tuning,
 * one table per corpus with a stored tsvector and a GIN index, ranked by ts_rank_cd.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { secondsSince } from './measure.ts';
import { orTsQuery } from './queries.ts';

export type ReferenceDocument = { id: string; chunks: readonly { id: string; text: string }[] };
export type LoadResult = { rows: number; seconds: number; tableBytes: number; indexBytes: number };

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const INSERT_BATCH = 1000;

/** The server to use and where its address came from; the database itself is always new. */
export function referenceServer(env: NodeJS.ProcessEnv = process.env): {
  url: string;
  source: string;
} {
  if (env.BENCH_DATABASE_URL) return { url: env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL' };
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, source: 'TEST_DATABASE_URL' };
  return { url: DEFAULT_URL, source: 'default' };
}

/** Hides the password when the address is printed. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export class PostgresReference {
  readonly databaseName: string;
  readonly serverVersion: string;
  private readonly admin: pg.Client;
  private readonly client: pg.Client;

  private constructor(admin: pg.Client, client: pg.Client, name: string, version: string) {
    this.admin = admin;
    this.client = client;
    this.databaseName = name;
    this.serverVersion = version;
  }

  /** Creates a fresh database; throws (leaving nothing behind) if the server is unreachable. */
  static async open(serverUrl: string): Promise<PostgresReference> {
    const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
    await admin.connect();
    const name = `samvad_bench_${randomBytes(6).toString('hex')}`;
    try {
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      try {
        await client.connect();
        const version = await client.query<{ server_version: string }>('show server_version');
        return new PostgresReference(admin, client, name, version.rows[0]?.server_version ?? '?');
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
    } catch (error) {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
      throw error;
    }
  }

  /** Loads chunks, then builds the GIN index and statistics, as a bulk load would. */
  async load(table: string, documents: readonly ReferenceDocument[]): Promise<LoadResult> {
    const started = performance.now();
    await this.client.query(
      `create table ${table} (id text primary key, document_id text not null, text text not null,
        tsv tsvector generated always as (to_tsvector('english', text)) stored)`,
    );
    const rows = documents.flatMap((d) => d.chunks.map((c) => [c.id, d.id, c.text] as const));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH);
      await this.client.query(
        `insert into ${table} (id, document_id, text)
          select * from unnest($1::text[], $2::text[], $3::text[])`,
        [batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2])],
      );
    }
    await this.client.query(`set maintenance_work_mem = '512MB'`);
    await this.client.query(`create index ${table}_tsv on ${table} using gin (tsv)`);
    await this.client.query(`analyze ${table}`);
    const seconds = secondsSince(started);
    const sizes = await this.client.query<{ table_bytes: string; index_bytes: string }>(
      `select pg_table_size('${table}') as table_bytes, pg_relation_size('${table}_tsv') as index_bytes`,
    );
    return {
      rows: rows.length,
      seconds,
      tableBytes: Number(sizes.rows[0]?.table_bytes ?? 0),
      indexBytes: Number(sizes.rows[0]?.index_bytes ?? 0),
    };
  }

  /** Top 5 ids for the query with OR semantics; a named statement, so it is parsed once. */
  async search(table: string, query: string): Promise<number> {
    const result = await this.client.query({
      name: `search_${table}`,
      text: `select id from ${table} where tsv @@ websearch_to_tsquery('english', $1)
        order by ts_rank_cd(tsv, websearch_to_tsquery('english', $1)) desc limit 5`,
      values: [orTsQuery(query)],
    });
    return result.rowCount ?? 0;
  }

  /** Drops the database whatever happened before. */
  async close(): Promise<void> {
    await this.client.end().catch(() => {});
    try {
      await this.admin.query(`drop database if exists ${this.databaseName} with (force)`);
    } finally {
      await this.admin.end().catch(() => {});
    }
  }
}
