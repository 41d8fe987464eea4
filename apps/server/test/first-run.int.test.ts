import { knowledgeStatusSchema } from '@samvad/contracts/knowledge-status';
import { KNOWLEDGE_STATUS_PATH } from '@samvad/contracts/knowledge-status-rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Issue 20: what a fresh install tells its first visitor and its operator. */
describe('the knowledge base status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts no documents on a fresh install, then the ones added, for anyone', async () => {
    const empty = await t.app.inject({ method: 'GET', url: KNOWLEDGE_STATUS_PATH });
    expect(empty.statusCode).toBe(200);
    expect(knowledgeStatusSchema.parse(empty.json())).toEqual({ documents: 0 });
    expect(empty.headers['cache-control']).toBe('no-cache');

    for (const name of ['one.txt', 'two.txt']) {
      const outcome = await ingestFile(
        { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
        {
          fileName: name,
          bytes: new TextEncoder().encode(`A note called ${name} about equality and liberty.`),
        },
      );
      expect(outcome.status).toBe('ingested');
    }
    await t.knowledge.index.sync();
    const filled = await t.app.inject({ method: 'GET', url: KNOWLEDGE_STATUS_PATH });
    expect(filled.json()).toEqual({ documents: 2 });
  });
});

describe('a proxy the server does not trust', () => {
  const FORWARDED = { 'x-forwarded-for': '203.0.113.7' };
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  const warnings = (lines: string[]) =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40 && line.msg.includes('X-Forwarded-For'));

  it('is named once in the log, with what to set, when requests carry X-Forwarded-For', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ LOG_LEVEL: 'warn' }, { logLines: lines });
    apps.push(t);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(warnings(lines)).toEqual([]);

    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: '/api/health', headers: FORWARDED });
    }
    const said = warnings(lines);
    expect(said).toHaveLength(1);
    expect(said[0]?.msg).toContain('TRUST_PROXY is false');
    expect(said[0]?.msg).toContain('all guests share one address');
    expect(said[0]?.msg).toContain('set TRUST_PROXY=true');
  });

  it('is not warned of when TRUST_PROXY is on', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ LOG_LEVEL: 'warn', TRUST_PROXY: 'true' }, { logLines: lines });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: FORWARDED });
    expect(res.statusCode).toBe(200);
    expect(warnings(lines)).toEqual([]);
  });
});
