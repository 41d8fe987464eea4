/**
 * The web app's production build and what each route downloads before its first paint, read
 * from Vite's manifest; bytes attributed to source packages through the build's source maps.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;
export type Sizes = { raw: number; gzip: number; brotli: number };
export type ChunkFigure = Sizes & { file: string; name: string };
export type RouteFigure = {
  route: string;
  page: string;
  chunks: ChunkFigure[];
  total: Sizes;
  /** Chunks the route chunk or its imports load on demand: not first load. */
  lazy: string[];
  /** Render-blocking CSS of the same chunks, for context (not counted in the JS figure). */
  css: Sizes;
};

/** `vite build` of apps/web into outDir, with a manifest and hidden source maps. */
export async function buildWeb(webRoot: string, outDir: string): Promise<number> {
  const require = createRequire(path.join(webRoot, 'package.json'));
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  // Hidden maps: the .map files exist for attribution, the shipped JS has no comment pointing
  // at them, so its size is the production size.
  const args = [viteBin, 'build', '--manifest', '--sourcemap', 'hidden', '--emptyOutDir'];
  const started = performance.now();
  const child = spawn(process.execPath, [...args, '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: webRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build exited with ${code}:\n${output}`);
  // As `npm run build` does: .br/.gz copies, which the server sends to browsers that accept them.
  const precompress = spawnSync(
    process.execPath,
    [path.join(webRoot, 'scripts/precompress.mjs'), outDir],
    { stdio: 'ignore' },
  );
  if (precompress.status !== 0) throw new Error('precompressing the build failed');
  return (performance.now() - started) / 1000;
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function fileSizes(outDir: string, file: string): Sizes {
  const bytes = readFileSync(path.join(outDir, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

const sum = (items: readonly Sizes[]): Sizes => ({
  raw: items.reduce((n, s) => n + s.raw, 0),
  gzip: items.reduce((n, s) => n + s.gzip, 0),
  brotli: items.reduce((n, s) => n + s.brotli, 0),
});

/** The manifest keys reachable from `roots` through static imports, each once. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/** First-load JS of a route: the entry, the route's lazy page chunk, and their static imports. */
export function routeFigure(
  outDir: string,
  manifest: Manifest,
  route: string,
  page: string,
): RouteFigure {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('manifest has no entry chunk');
  if (!manifest[page]) throw new Error(`manifest has no chunk for ${page}`);
  const keys = staticClosure(manifest, [entry, page]);
  const chunks = keys
    .map((key) => manifest[key] as ManifestChunk)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({
      file: chunk.file,
      name: chunk.name ?? chunk.file,
      ...fileSizes(outDir, chunk.file),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const lazy = [...new Set(keys.flatMap((key) => manifest[key]?.dynamicImports ?? []))].filter(
    (key) => !keys.includes(key),
  );
  const cssFiles = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];
  return {
    route,
    page,
    chunks,
    total: sum(chunks),
    lazy,
    css: sum(cssFiles.map((file) => fileSizes(outDir, file))),
  };
}

/** Who a source file belongs to: an npm package, or a folder of the app's own code. */
export function sourceGroup(source: string): string {
  const normalized = source.replaceAll('\\', '/');
  const modules = normalized.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = normalized.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? normalized);
  }
  const app = /apps\/web\/src\/((?:[^/]+\/)?[^/]+)/.exec(normalized);
  if (app) return `app: ${app[1]?.replace(/\.(tsx?|css)$/, '')}`;
  const contracts = /packages\/contracts\//.exec(normalized);
  if (contracts) return '@samvad/contracts';
  return normalized.replace(/^(\.\.\/)+/, '');
}

/**
 * Minified bytes of one chunk per source group, from its source map: each mapping owns the
 * generated text up to the next mapping on its line; text before any mapping is "(unmapped)".
 */
export function attributeChunk(outDir: string, file: string): Map<string, number> {
  const code = readFileSync(path.join(outDir, file), 'utf8');
  const byGroup = new Map<string, number>();
  const add = (group: string, bytes: number) => {
    if (bytes > 0) byGroup.set(group, (byGroup.get(group) ?? 0) + bytes);
  };
  let map: string;
  try {
    map = readFileSync(path.join(outDir, `${file}.map`), 'utf8');
  } catch {
    add('(no source map)', Buffer.byteLength(code));
    return byGroup;
  }
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(map));
  type Segment = { line: number; column: number; group: string };
  const segments: Segment[] = [];
  consumer.eachMapping(
    (m) => {
      segments.push({
        line: m.generatedLine,
        column: m.generatedColumn,
        group: m.source ? sourceGroup(m.source) : '(unmapped)',
      });
    },
    null,
    SourceMapConsumer.GENERATED_ORDER,
  );
  // Columns count UTF-16 units; byte lengths of the slices keep the total equal to the file size.
  const byteLength = (line: number, from: number, to?: number) =>
    Buffer.byteLength((lines[line - 1] ?? '').slice(from, to));
  let covered = 0;
  for (let line = 1; line <= lines.length; line++) {
    const onLine: Segment[] = [];
    while (covered < segments.length && (segments[covered] as Segment).line === line) {
      onLine.push(segments[covered] as Segment);
      covered++;
    }
    const first = onLine[0];
    add('(unmapped)', byteLength(line, 0, first?.column) + (line < lines.length ? 1 : 0));
    onLine.forEach((segment, i) => {
      add(segment.group, byteLength(line, segment.column, onLine[i + 1]?.column));
    });
  }
  return byGroup;
}

export type SourceShare = { group: string; chunks: string[]; raw: number; gzip: number };

/** Minified bytes of each source group across a route's first-load chunks; gzip pro rata. */
export function attributeRoute(outDir: string, figure: RouteFigure): SourceShare[] {
  const rows = figure.chunks.flatMap((chunk) => {
    const groups = attributeChunk(outDir, chunk.file);
    const raw = [...groups.values()].reduce((n, b) => n + b, 0);
    return [...groups].map(([group, bytes]) => ({
      chunk: chunk.name,
      group,
      raw: bytes,
      gzip: raw > 0 ? (bytes / raw) * chunk.gzip : 0,
    }));
  });
  return [...Map.groupBy(rows, (row) => row.group)]
    .map(([group, of]) => ({
      group,
      chunks: [...new Set(of.map((r) => r.chunk))],
      raw: of.reduce((n, r) => n + r.raw, 0),
      gzip: Math.round(of.reduce((n, r) => n + r.gzip, 0)),
    }))
    .sort((a, b) => b.raw - a.raw);
}
