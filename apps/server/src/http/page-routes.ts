/**
 * The web app's pages, as its router declares them (apps/web/src/app/router.tsx and the
 * community's nested table, app/routes/community-routes.tsx; page-routes.test.ts checks this list
 * against both). The server answers a listed path with the app and 200, anything else with the
 * app and 404: the browser still renders its not-found card, and crawlers, monitors and link
 * checkers see that the page does not exist.
 *
 * `module` is the page's lazy chunk in Vite's manifest, preloaded with the entry script
 * (page-shell.ts); pages without one load theirs after the entry.
 */
export type PageRoute = { path: string; module?: string };

const COMMUNITY = 'src/app/routes/community-routes.tsx';

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', module: 'src/app/routes/landing.tsx' },
  { path: '/chat', module: 'src/app/routes/chat.tsx' },
  { path: '/auth/google/callback' },
  { path: '/admin', module: 'src/app/routes/admin.tsx' },
  { path: '/banned' },
  { path: '/donate', module: 'src/app/routes/donate.tsx' },
  { path: '/share/:shareableId', module: 'src/app/routes/shared-conversation.tsx' },
  // The source reader (issue 20): a document's text opened at the cited passage.
  { path: '/sources/:documentId', module: 'src/app/routes/source-reader.tsx' },
  { path: '/community', module: COMMUNITY },
  { path: '/community/profile/:username', module: COMMUNITY },
  { path: '/community/create-profile', module: COMMUNITY },
  { path: '/community/edit-profile', module: COMMUNITY },
  { path: '/community/settings', module: COMMUNITY },
  { path: '/community/explore', module: COMMUNITY },
  { path: '/community/collections/create', module: COMMUNITY },
  { path: '/community/collections/:id', module: COMMUNITY },
];

/**
 * Paths that are not pages but are linked as if they were: the spec links to `/auth` (admin-
 * community §2) without a screen behind it. It is the sign-in entry, which is the landing page.
 */
export const PAGE_REDIRECTS: ReadonlyMap<string, string> = new Map([['/auth', '/']]);

/**
 * A route path as React Router matches it: `:name` is one non-empty segment, a trailing slash
 * is optional, letters match in any case (its default, `caseSensitive` off).
 */
function patternOf(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return segments.length === 0 ? /^\/$/ : new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

const MATCHERS = PAGE_ROUTES.map((route) => ({ route, pattern: patternOf(route.path) }));

/** The page a path (without its query) is, or null for a path the web app does not know. */
export function pageRouteOf(pathname: string): PageRoute | null {
  return MATCHERS.find(({ pattern }) => pattern.test(pathname))?.route ?? null;
}

/** Where a redirected page path goes, or null. A trailing slash is ignored, like the router. */
export function pageRedirectOf(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PAGE_REDIRECTS.get(trimmed.toLowerCase()) ?? null;
}
