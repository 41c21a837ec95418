import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './router';
import { renderWithProviders, stubApi } from './test/utils';

// Counts the loads of pages.ts, the loaders of every page but the home,
// festival and 404 pages.
const pagesTable = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./pages', async (importOriginal) => {
  pagesTable.loads += 1;
  return importOriginal();
});

function renderApp(route: string) {
  // ScrollRestoration moves the window on navigations; jsdom does not scroll.
  vi.stubGlobal('scrollTo', vi.fn());
  return renderWithProviders(
    <Suspense fallback={<p>suspended</p>}>
      <AppRoutes />
    </Suspense>,
    { route },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AppRoutes', () => {
  it("shows the 404 page without the other pages' loaders, and fetches them when a link is pointed at", async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } } });
    renderApp('/no-such-page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    const login = await screen.findByRole('link', { name: 'Login' });
    expect(pagesTable.loads).toBe(0);

    fireEvent.pointerOver(screen.getByTestId('not-found'));
    expect(pagesTable.loads).toBe(0);
    fireEvent.pointerOver(login);
    await waitFor(() => expect(pagesTable.loads).toBe(1));
  });

  it('shows a page through the loaders table, and sends a visitor from a page behind a sign-in to the login page', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } } });
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
  });

  it('lets a visitor search the festivals and ask the assistant without signing in', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'GET /api/v1/festivals': { status: 200, body: { items: [], total: 0, page: 1, perPage: 20 } },
    });
    renderApp('/festivals');
    expect(await screen.findByRole('heading', { name: 'Discover Festivals', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('festival-inquiry')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login', level: 1 })).toBeNull();
  });
});
