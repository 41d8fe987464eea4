import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './routes/root-layout.tsx';

// Pages load on demand, so each screen only pays for its own code.
const LandingRoute = lazy(() => import('./routes/landing.tsx'));
const ChatRoute = lazy(() => import('./routes/chat.tsx'));
const GoogleCallbackRoute = lazy(() => import('./routes/google-callback.tsx'));
const AdminRoute = lazy(() => import('./routes/admin.tsx'));
const BannedRoute = lazy(() => import('./routes/banned.tsx'));
const DonateRoute = lazy(() => import('./routes/donate.tsx'));
const SharedConversationRoute = lazy(() => import('./routes/shared-conversation.tsx'));
const SourceReaderRoute = lazy(() => import('./routes/source-reader.tsx'));
// The community is one chunk: its pages share most of their code, and each lazy page of its own
// would split modules out of /chat's first load (measured: +1.4 kB gzip for nine).
const CommunityRoutes = lazy(() => import('./routes/community-routes.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

/** Spec route table (admin-community §2), with the community's linked screens. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingRoute />} />
        <Route path="chat" element={<ChatRoute />} />
        <Route path="auth/google/callback" element={<GoogleCallbackRoute />} />
        <Route path="admin" element={<AdminRoute />} />
        <Route path="banned" element={<BannedRoute />} />
        <Route path="donate" element={<DonateRoute />} />
        <Route path="share/:shareableId" element={<SharedConversationRoute />} />
        <Route path="sources/:documentId" element={<SourceReaderRoute />} />
        <Route path="community/*" element={<CommunityRoutes />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
