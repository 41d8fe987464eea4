import type { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { createRoutesFromChildren, matchRoutes, Route, Routes } from 'react-router';
import { knowledgeStatusQueryOptions } from '../features/knowledge-status/api/get-knowledge-status.ts';
import { rateLimitsQueryOptions } from '../features/limits/api/get-rate-limits.ts';
import { LazyPage, type PageLoader, pageLoader } from './lazy-page.ts';
import { RootLayout } from './routes/root-layout.tsx';

// Pages load on demand, so each screen only pays for its own code.
const LandingPage = pageLoader(() => import('./routes/landing.tsx'));
// The chat's first screen also shows what these say (the welcome screen's text on an empty
// knowledge base, the usage chips): asked for with the page's code, they are often in by its
// first render, so that the screen does not change (and shift) a moment later. The knowledge
// status is usually in already (the page shell inlines it): its prefetch then asks for nothing.
const ChatPage = pageLoader(
  () => import('./routes/chat.tsx'),
  (queryClient) => {
    void queryClient.prefetchQuery(knowledgeStatusQueryOptions());
    void queryClient.prefetchQuery(rateLimitsQueryOptions());
  },
);
const GoogleCallbackPage = pageLoader(() => import('./routes/google-callback.tsx'));
const AdminPage = pageLoader(() => import('./routes/admin.tsx'));
const BannedPage = pageLoader(() => import('./routes/banned.tsx'));
const DonatePage = pageLoader(() => import('./routes/donate.tsx'));
const SharedConversationPage = pageLoader(() => import('./routes/shared-conversation.tsx'));
const SourceReaderPage = pageLoader(() => import('./routes/source-reader.tsx'));
// The community is one chunk: its pages share most of their code, and each lazy page of its own
// would split modules out of /chat's first load (measured: +1.4 kB gzip for nine).
const CommunityPages = pageLoader(() => import('./routes/community-routes.tsx'));
const NotFoundPage = pageLoader(() => import('./routes/not-found.tsx'));

/** Spec route table (admin-community §2), with the community's linked screens. */
const routeTable = (
  <Route element={<RootLayout />}>
    <Route index element={<LazyPage page={LandingPage} />} />
    <Route path="chat" element={<LazyPage page={ChatPage} />} />
    <Route path="auth/google/callback" element={<LazyPage page={GoogleCallbackPage} />} />
    <Route path="admin" element={<LazyPage page={AdminPage} />} />
    <Route path="banned" element={<LazyPage page={BannedPage} />} />
    <Route path="donate" element={<LazyPage page={DonatePage} />} />
    <Route path="share/:shareableId" element={<LazyPage page={SharedConversationPage} />} />
    <Route path="sources/:documentId" element={<LazyPage page={SourceReaderPage} />} />
    <Route path="community/*" element={<LazyPage page={CommunityPages} />} />
    <Route path="*" element={<LazyPage page={NotFoundPage} />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{routeTable}</Routes>;
}

/**
 * Starts the calls of the page at `pathname` and loads its code: settles once the page can render
 * (never rejects: a page that failed to load shows its error when it renders).
 */
export async function preloadPage(pathname: string, queryClient: QueryClient): Promise<void> {
  const matches = matchRoutes(createRoutesFromChildren(routeTable), pathname);
  const element = matches?.at(-1)?.route.element;
  if (!isValidElement<{ page?: PageLoader }>(element) || element.type !== LazyPage) return;
  const { page } = element.props;
  if (!page) return;
  page.prefetch(queryClient);
  await page.preload().catch(() => undefined);
}
