import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { KnowledgeStatus } from '@samvad/contracts/knowledge-status';
import type { Persona } from '@samvad/contracts/persona';
import { pageRouteOf } from './page-routes.ts';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type EncodedPage = { raw: Buffer; br: Buffer; gzip: Buffer };

/**
 * index.html as each page needs it: the persona's name and description as the title and meta
 * description (what a link preview or a search result shows before any script runs), the persona
 * texts inlined (the first screen needs them, and a JSON script is data, not code, so the
 * Content-Security-Policy still forbids inline scripts), the knowledge status (the welcome
 * screen's text depends on it: known at the first render, the screen does not change when a call
 * answers) and modulepreload links for the page's code. Built once per page kind and knowledge
 * status, compressed once: the status is an in-memory count, so asking for it per request is free.
 */
export function createPageShell(
  distDir: string,
  indexHtml: Buffer,
  persona: Persona,
  knowledgeStatus: () => KnowledgeStatus,
) {
  const manifest = readManifest(distDir);
  const inEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) collect(manifest, key, inEntry);
  const personaScript = jsonScript('samvad-persona', persona);
  // One page per kind, rebuilt when the status it carries changes (documents were added or removed).
  const cache = new Map<string, { statusScript: string; page: EncodedPage }>();

  return function pageFor(pathname: string): EncodedPage {
    // The page's code (its lazy chunk and that chunk's imports, from Vite's manifest) is fetched
    // together with the entry script, so the first screen does not wait for a second round trip.
    const module = pageRouteOf(pathname)?.module ?? '';
    const statusScript = jsonScript('samvad-knowledge-status', knowledgeStatus());
    const cached = cache.get(module);
    if (cached?.statusScript === statusScript) return cached.page;
    const files = new Set<string>();
    if (module && manifest[module]) collect(manifest, module, files);
    const links = [...files]
      .filter((key) => !inEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
      .join('');
    const html = indexHtml
      .toString('utf8')
      .replace('<title></title>', `<title>${escapeHtml(persona.productName)}</title>`)
      .replace(
        '<meta name="description" content="" />',
        `<meta name="description" content="${escapeHtml(persona.description)}" />`,
      )
      .replace('</head>', `${links}${personaScript}${statusScript}</head>`);
    const raw = Buffer.from(html);
    const page = { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw, { level: 9 }) };
    cache.set(module, { statusScript, page });
    return page;
  };
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

function collect(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>) {
  if (into.has(key)) return;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) collect(manifest, imported, into);
}

/**
 * Data for the web app to read, not code: a JSON script is never run, so the CSP needs no change.
 * Every `<` is written as \u003c (the same string to JSON.parse), so no text in the value can
 * close the element (`</script>`) or open a comment (`<!--`) that would swallow the page.
 */
function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(
    /</g,
    '\\u003c',
  )}</script>`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML element or a quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
