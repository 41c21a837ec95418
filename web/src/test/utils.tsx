import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import '../i18n';
import { theme } from '../theme';

// The tests' one set of helpers: a fake API (stubApi, bodyOf) and the app's
// providers around a component (renderWithProviders) or routes (renderPage).
// The ceiling of findBy/waitFor is set once, in setup.ts.

/** A canned API answer, 'network' for a failed fetch, or 'pending' for a call that never answers. */
export type Answer = { status: number; body?: unknown } | 'network' | 'pending';

/**
 * stubApi replaces fetch: answers by "METHOD /path" (query string ignored,
 * or "METHOD /path?query" when listed with it); unlisted calls answer 404.
 */
export function stubApi(routes: Record<string, Answer | ((init: RequestInit | undefined, url: string) => Answer)>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).replace(
      /^https?:\/\/[^/]+/,
      '',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const entry = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    const answer =
      typeof entry === 'function' ? entry(init, url) : (entry ?? { status: 404, body: { message: 'Not found', code: 'not_found' } });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'pending') return new Promise<Response>(() => {});
    const empty = answer.body === undefined || answer.status === 204;
    return new Response(empty ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** renderWithProviders renders a component with Mantine, TanStack Query and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** renderPage renders routes (or one element at `path`) with the app's providers and a Suspense boundary. */
export function renderPage(
  routesOrElement: RouteObject[] | ReactElement,
  initialEntries: InitialEntry[] = ['/'],
) {
  const routes = Array.isArray(routesOrElement) ? routesOrElement : [{ path: '*', element: routesOrElement }];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <Suspense fallback={<p>loading translations</p>}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, client };
}

/** A body of a fetch call made by the code under test, parsed. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
