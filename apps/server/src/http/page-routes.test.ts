import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, pageRedirectOf, pageRouteOf } from './page-routes.ts';

const webRoot = path.resolve(import.meta.dirname, '../../../web');
const routesDir = path.join(webRoot, 'src/app');
/** A splat route of the app's router whose pages a nested table of its own declares. */
const NESTED_TABLES: Record<string, string> = { 'community/*': 'routes/community-routes.tsx' };

/** The paths a router file declares, `<Route index` as '' (its parent's path); '*' left out. */
function declaredPaths(file: string): string[] {
  const text = readFileSync(path.join(routesDir, file), 'utf8');
  const paths = [...text.matchAll(/<Route\s+(?:index\b|path="([^"]*)")/g)].map(
    (match) => match[1] ?? '',
  );
  return paths.filter((declared) => declared !== '*');
}

/** Every page the web app's router serves, as absolute paths, nested tables expanded. */
function webAppPages(): string[] {
  return declaredPaths('router.tsx').flatMap((declared) => {
    const nested = NESTED_TABLES[declared];
    if (!nested) return [`/${declared}`];
    const prefix = `/${declared.replace(/\/\*$/, '')}`;
    return declaredPaths(nested).map((child) => (child ? `${prefix}/${child}` : prefix));
  });
}

describe("the server's list of pages", () => {
  it("is the web app's route table, no more and no less", () => {
    const pages = webAppPages();
    expect(pages).toContain('/chat');
    expect(pages).toContain('/community/profile/:username');
    expect(PAGE_ROUTES.map((route) => route.path).sort()).toEqual([...new Set(pages)].sort());
  });

  it("names modules the web app has, each a page's lazy import", () => {
    const router = readFileSync(path.join(routesDir, 'router.tsx'), 'utf8');
    for (const { module } of PAGE_ROUTES) {
      if (!module) continue;
      expect(existsSync(path.join(webRoot, module)), module).toBe(true);
      const imported = `./${path.relative('src/app', module)}`;
      expect(router, `router.tsx imports ${imported} lazily`).toContain(`import('${imported}')`);
    }
  });

  it('matches paths as React Router does', () => {
    expect(pageRouteOf('/')?.path).toBe('/');
    expect(pageRouteOf('/chat/')?.path).toBe('/chat');
    expect(pageRouteOf('/Chat')?.path).toBe('/chat');
    expect(pageRouteOf('/share/abc-123')?.path).toBe('/share/:shareableId');
    expect(pageRouteOf('/community/collections/create')?.path).toBe(
      '/community/collections/create',
    );
    expect(pageRouteOf('/community/collections/42')?.path).toBe('/community/collections/:id');
    for (const unknown of ['//', '/no-such-page', '/share', '/share/a/b', '/community/nope']) {
      expect(pageRouteOf(unknown), unknown).toBeNull();
    }
  });

  it('sends the spec’s /auth link to the sign-in entry', () => {
    expect(pageRedirectOf('/auth')).toBe('/');
    expect(pageRedirectOf('/auth/')).toBe('/');
    expect(pageRedirectOf('/auth/google/callback')).toBeNull();
  });
});
