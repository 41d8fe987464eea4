import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The retrieval engine lives in this folder (issue #28, item 7). Its modules used to form a
 * four-file import circle across services/ and retrieval/ (the index, the retriever, duplicate
 * collapsing, the snapshot keeper); shared shapes now sit in passage.ts, and this keeps it so.
 */
const folder = import.meta.dirname;

function modules(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(file, 'utf8');
        const imports = [...source.matchAll(/from '(\.[^']+\.ts)'/g)].map((m) =>
          path.resolve(dir, m[1] ?? ''),
        );
        graph.set(file, imports);
      }
    }
  };
  walk(folder);
  return graph;
}

/** One import circle, as the files along it, or null. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = onPath.indexOf(file);
    if (at >= 0) return [...onPath.slice(at), file];
    if (done.has(file) || !graph.has(file)) return null;
    onPath.push(file);
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    onPath.pop();
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return null;
}

describe('the retrieval engine folder', () => {
  it('holds the index, snapshot keeper, retriever, collapsing and embedding', () => {
    const files = [...modules().keys()].map((file) => path.relative(folder, file));
    for (const name of [
      'knowledge-index.ts',
      'index-snapshot-keeper.ts',
      'knowledge-retriever.ts',
      'collapse-contained.ts',
      'embedding-service.ts',
      'background-embedder.ts',
      'open-knowledge-base.ts',
    ]) {
      expect(files).toContain(name);
    }
  });

  it('has no import circle, type imports included', () => {
    const circle = findCircle(modules());
    expect(circle?.map((file) => path.relative(folder, file)) ?? null).toBeNull();
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
    ]);
    expect(findCircle(graph)).toEqual(['/a.ts', '/b.ts', '/c.ts', '/a.ts']);
  });
});
