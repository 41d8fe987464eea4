import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { KnowledgeStatus } from '@samvad/contracts/knowledge-status';
import { personaSchema } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { createPageShell } from './page-shell.ts';

const persona = personaSchema.parse({
  productName: 'Test </script><script>alert(1)</script>',
  reformerName: 'A. Reformer',
  headlineLines: ['Line'],
  tagline: 'Tagline',
  description: 'Answers from "the writings" & speeches <b>only</b>',
});
const filled = (): KnowledgeStatus => ({ documents: 3 });
const INDEX =
  '<!doctype html><html><head><meta name="description" content="" /><title></title><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';

function distWithManifest() {
  const dir = mkdtempSync(path.join(tmpdir(), 'samvad-shell-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared'] },
      _shared: { file: 'assets/shared-1.js' },
      'src/app/routes/chat.tsx': { file: 'assets/chat-1.js', imports: ['_shared', '_parts'] },
      _parts: { file: 'assets/parts-1.js' },
      'src/app/routes/landing.tsx': { file: 'assets/landing-1.js' },
    }),
  );
  return dir;
}

describe('the page shell', () => {
  it('gives every page the persona as its title and description, escaped', () => {
    const page = createPageShell(distWithManifest(), Buffer.from(INDEX), persona, filled)('/chat');
    const html = page.raw.toString();
    expect(html).toContain(
      '<title>Test &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Answers from &quot;the writings&quot; &amp; speeches &lt;b&gt;only&lt;/b&gt;" />',
    );
  });

  it("preloads the page's own chunks, not the entry's, and inlines the persona safely", () => {
    const pageFor = createPageShell(distWithManifest(), Buffer.from(INDEX), persona, filled);
    const chat = pageFor('/chat').raw.toString();
    expect(chat).toContain('<link rel="modulepreload" crossorigin href="/assets/chat-1.js">');
    expect(chat).toContain('<link rel="modulepreload" crossorigin href="/assets/parts-1.js">');
    expect(chat).not.toContain('href="/assets/shared-1.js"');
    const json = /<script type="application\/json" id="samvad-persona">(.*?)<\/script><script/.exec(
      chat,
    )?.[1];
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json ?? '')).toEqual(persona);

    expect(pageFor('/').raw.toString()).toContain('href="/assets/landing-1.js"');
    expect(pageFor('/no/such/page').raw.toString()).not.toContain('modulepreload');
    expect(brotliDecompressSync(pageFor('/chat').br).toString()).toBe(chat);
  });

  it('inlines the knowledge status as the route answers it, rebuilt when it changes', () => {
    let status: KnowledgeStatus = { documents: 0 };
    const pageFor = createPageShell(distWithManifest(), Buffer.from(INDEX), persona, () => status);
    const inlined = (html: string) =>
      /<script type="application\/json" id="samvad-knowledge-status">(.*?)<\/script><\/head>/.exec(
        html,
      )?.[1];
    const empty = pageFor('/chat');
    expect(inlined(empty.raw.toString())).toBe('{"documents":0}');
    expect(pageFor('/chat')).toBe(empty);

    status = { documents: 2 };
    const filledPage = pageFor('/chat');
    expect(inlined(filledPage.raw.toString())).toBe('{"documents":2}');
    expect(brotliDecompressSync(filledPage.br).toString()).toBe(filledPage.raw.toString());
    expect(gunzipSync(filledPage.gzip).toString()).toBe(filledPage.raw.toString());
    expect(inlined(pageFor('/').raw.toString())).toBe('{"documents":2}');
    expect(inlined(pageFor('/no/such/page').raw.toString())).toBe('{"documents":2}');
  });

  it('keeps text in the inlined status from closing its script or opening a comment', () => {
    const hostile = {
      documents: 1,
      note: '</script><script>alert(1)</script><!--<script>',
    } as KnowledgeStatus;
    const html = createPageShell(
      distWithManifest(),
      Buffer.from(INDEX),
      persona,
      () => hostile,
    )('/chat').raw.toString();
    const json =
      /<script type="application\/json" id="samvad-knowledge-status">(.*?)<\/script><\/head>/.exec(
        html,
      )?.[1];
    expect(json).not.toMatch(/<\/?script|<!--/i);
    expect(JSON.parse(json ?? '')).toEqual(hostile);
    expect(html.match(/<script/g)).toHaveLength(3);
  });
});
