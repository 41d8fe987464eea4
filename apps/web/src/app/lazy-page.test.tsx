import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { requestsTo, stubApi } from '../test/render-app.tsx';
import { LazyPage, pageLoader } from './lazy-page.ts';
import { preloadPage } from './router.tsx';

const testPage = () => pageLoader(async () => ({ default: () => <p>The page</p> }));

function renderPage(page: ReturnType<typeof pageLoader>) {
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <LazyPage page={page} />
    </Suspense>,
  );
}

describe('LazyPage', () => {
  it('renders a page whose code was loaded ahead at once, without the fallback', async () => {
    const page = testPage();
    await page.preload();
    renderPage(page);
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('shows the fallback while a page that was not loaded ahead loads, then the page', async () => {
    const page = testPage();
    renderPage(page);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('The page')).toBeTruthy();
  });

  it('loads the code once, however often it is asked for', async () => {
    let loads = 0;
    const page = pageLoader(async () => {
      loads += 1;
      return { default: () => <p>The page</p> };
    });
    await Promise.all([page.preload(), page.preload()]);
    renderPage(page);
    expect(loads).toBe(1);
  });
});

describe('preloadPage', () => {
  it("starts the chat's first-screen calls with its code, and settles once the page can render", async () => {
    const fetchMock = stubApi({
      '/api/knowledge/status': 'never',
      '/api/user/rate-limits': 'never',
    });
    await preloadPage('/chat', new QueryClient());
    expect(requestsTo(fetchMock, '/api/knowledge/status')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/user/rate-limits')).toHaveLength(1);
  });

  it('asks for nothing on pages without first-screen calls of their own', async () => {
    const fetchMock = stubApi({});
    await preloadPage('/no-such-page', new QueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
