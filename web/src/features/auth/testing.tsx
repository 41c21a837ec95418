import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import '../../i18n';
import { theme } from '../../theme';

/** A canned API answer: status and JSON body, or 'network' for a failed fetch. */
export type Canned = { status: number; body?: unknown } | 'network';

/**
 * mockApi replaces fetch with a function answering by "METHOD /path" (query
 * string ignored). Unlisted calls answer 404. Returns the mock for assertions.
 */
export function mockApi(routes: Record<string, Canned | ((init: RequestInit | undefined) => Canned)>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${path}`;
    const entry = routes[key];
    const answer = typeof entry === 'function' ? entry(init) : (entry ?? { status: 404, body: { message: 'Not found', code: 'not_found' } });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** renderRoutes renders routes in a memory data router with the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntries: InitialEntry[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <Suspense fallback={<p>suspended</p>}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, client };
}

export const sampleUser = {
  id: 1,
  email: 'ana@example.com',
  name: 'Ana',
  role: 'filmmaker' as const,
  credits: 0,
  createdAt: '2025-01-02T03:04:05Z',
  termsAcceptedAt: null,
  emailVerified: true,
  disabledAt: null,
};
