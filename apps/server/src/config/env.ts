import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const serverRoot = path.resolve(import.meta.dirname, '../..');

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: optionalString,
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'must be an absolute URL' }).optional(),
  ),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false'))
    .transform((value) => value === 'true'),
  PERSONA_FILE: z.preprocess(
    emptyAsUndefined,
    z.string().default(path.join(serverRoot, 'config/persona.default.json')),
  ),
  WEB_DIST_DIR: z.preprocess(
    emptyAsUndefined,
    z.string().default(path.resolve(serverRoot, '../web/dist')),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FILES_DIR: optionalString,
  INGEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  EMBEDDING_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'must be an absolute URL' }).optional(),
  ),
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_API_KEY: optionalString,
  KNOWLEDGE_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: { kind: 'postgres'; url: string; poolMax: number } | { kind: 'pglite'; dir: string };
  dataDir: string;
  sessionSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  personaFile: string;
  webDistDir: string;
  google: { clientId: string | null; clientSecret: string | null };
  knowledge: {
    filesDir: string;
    maxFileBytes: number;
    /** How often each server looks for changes made by other processes. */
    syncIntervalMs: number;
    embeddings: { baseUrl: string; model: string; apiKey: string | null } | null;
  };
};

/** Raised for a bad environment; the message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment once, at start. Nothing else in the server reads
 * process.env, so every setting is documented here and in .env.example.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message} (got ${quote(env, issue.path)})`,
    );
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  const isProduction = vars.NODE_ENV === 'production';
  const host = vars.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');

  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, ''),
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL, poolMax: vars.DATABASE_POOL_MAX }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    dataDir,
    sessionSecret: vars.SESSION_SECRET ?? developmentSecret(isProduction, dataDir),
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    personaFile: path.resolve(vars.PERSONA_FILE),
    webDistDir: path.resolve(vars.WEB_DIST_DIR),
    google: {
      clientId: vars.GOOGLE_CLIENT_ID ?? null,
      clientSecret: vars.GOOGLE_CLIENT_SECRET ?? null,
    },
    knowledge: {
      filesDir: path.resolve(vars.FILES_DIR ?? path.join(dataDir, 'files')),
      maxFileBytes: vars.INGEST_MAX_BYTES,
      syncIntervalMs: vars.KNOWLEDGE_SYNC_INTERVAL_MS,
      embeddings:
        vars.EMBEDDING_BASE_URL && vars.EMBEDDING_MODEL
          ? {
              baseUrl: vars.EMBEDDING_BASE_URL.replace(/\/$/, ''),
              model: vars.EMBEDDING_MODEL,
              apiKey: vars.EMBEDDING_API_KEY ?? null,
            }
          : null,
    },
  };
}

function quote(env: NodeJS.ProcessEnv, keyPath: PropertyKey[]): string {
  const value = env[String(keyPath[0])];
  if (value === undefined) return 'nothing';
  // Never echo secrets back into logs.
  if (String(keyPath[0]).includes('SECRET')) return `${value.length} characters`;
  return JSON.stringify(value);
}

/**
 * Development convenience: a secret generated once and kept under DATA_DIR, so sessions
 * survive restarts without anyone having to invent one. Production must set it.
 */
function developmentSecret(isProduction: boolean, dataDir: string): string {
  if (isProduction) {
    throw new ConfigError(
      'Invalid environment:\n  SESSION_SECRET: is required when NODE_ENV=production (at least 32 characters)',
    );
  }
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
