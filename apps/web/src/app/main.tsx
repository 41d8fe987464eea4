import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/newsreader/wght.css';
import './latin-basic-fonts.css';
import './font-fallbacks.css';
import './indic-fonts.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { googleClientIdQueryOptions } from '../features/auth/api/get-google-client-id.ts';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { personaQueryOptions } from '../features/persona/api/get-persona.ts';
import { applyInitialTheme } from '../features/theme/lib/theme.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes, preloadPage } from './router.tsx';

// First, before anything renders, so the first paint is already in the chosen theme. (Not an
// inline script in index.html: the server's Content-Security-Policy forbids those.)
applyInitialTheme();

const queryClient = createQueryClient();
// Start the app-wide calls now, in parallel with loading the first page's code.
void queryClient.prefetchQuery(personaQueryOptions());
void queryClient.prefetchQuery(sessionQueryOptions());
void queryClient.prefetchQuery(googleClientIdQueryOptions());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the opening page's code (the page shell has it fetched already),
// so that it paints the page itself instead of an empty frame that the page replaces later.
void preloadPage(window.location.pathname, queryClient).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
