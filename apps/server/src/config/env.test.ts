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
});
