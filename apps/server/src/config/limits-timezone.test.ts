import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'samvad-config-'));

describe('LIMITS_TIMEZONE', () => {
  it('defaults to UTC and accepts any zone Intl knows', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).limits.timezone).toBe('UTC');
    expect(loadConfig({ DATA_DIR: dataDir(), LIMITS_TIMEZONE: '' }).limits.timezone).toBe('UTC');
    expect(
      loadConfig({ DATA_DIR: dataDir(), LIMITS_TIMEZONE: 'Asia/Kolkata' }).limits.timezone,
    ).toBe('Asia/Kolkata');
  });

  it('refuses an unknown zone by name', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), LIMITS_TIMEZONE: 'Mars/Olympus' })).toThrowError(
      /LIMITS_TIMEZONE: must be an IANA time zone/,
    );
  });
});
