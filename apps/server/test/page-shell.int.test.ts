import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { KNOWLEDGE_STATUS_PATH } from '@samvad/contracts/knowledge-status-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** As Vite builds it: a head for the page shell to fill (the test app's own index.html has none). */
const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="" /><title></title></head><body><div id="root"></div></body></html>';
const STATUS_SCRIPT =
  /<script type="application\/json" id="samvad-knowledge-status">(.*?)<\/script>/;

/** Issue 22, item 5: the welcome screen's first render knows the status without calling for it. */
describe('the knowledge status in the page shell', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'samvad-shell-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** The status inlined into `url`'s page, as a browser receives it (brotli). */
  async function inlined(url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // Served fresh each time: a cached shell would carry an old status.
    expect(res.headers['cache-control']).toBe('no-cache');
    // A JSON script is data: the policy still allows no inline script.
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']));
    expect(scriptSrc?.[1]).toBe("'self'");
    const html = brotliDecompressSync(res.rawPayload).toString();
    return JSON.parse(STATUS_SCRIPT.exec(html)?.[1] ?? 'null') as unknown;
  }

  async function fromRoute() {
    return (await t.app.inject({ method: 'GET', url: KNOWLEDGE_STATUS_PATH })).json() as unknown;
  }

  it('is what the status route answers, on a fresh install and once documents are added', async () => {
    expect(await inlined('/chat')).toEqual({ documents: 0 });
    expect(await inlined('/chat')).toEqual(await fromRoute());

    const outcome = await ingestFile(
      { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
      { fileName: 'note.txt', bytes: new TextEncoder().encode('A note about liberty.') },
    );
    expect(outcome.status).toBe('ingested');
    await t.knowledge.index.sync();
    expect(await fromRoute()).toEqual({ documents: 1 });
    expect(await inlined('/chat')).toEqual({ documents: 1 });
    expect(await inlined('/')).toEqual({ documents: 1 });
  });
});
