import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

afterEach(() => vi.unstubAllGlobals());

const user = { id: 1, email: 'a@example.com', name: 'A', role: 'filmmaker', credits: 0, createdAt: '2025-01-01T00:00:00Z' };
const unauthorized = { status: 200, body: { user: null } };
const routes = [
  { path: '/terms', Component: TermsPage },
  { path: '/privacy', Component: PrivacyPage },
  { path: '/login', element: <p>login page</p> },
];

describe('TermsPage', () => {
  it('expands the full terms with Details', async () => {
    stubApi({ 'GET /api/v1/session': unauthorized });
    renderPage(routes, ['/terms']);
    const details = await screen.findByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(details);
    expect(await screen.findByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    // The full terms render as the section opens; wait for them rather than race the transition.
    expect(await screen.findByRole('heading', { level: 3, name: '2. Submissions and content rights' })).toBeInTheDocument();
  });

  it('asks a visitor to log in instead of accepting', async () => {
    const fetch = stubApi({ 'GET /api/v1/session': unauthorized });
    renderPage(routes, ['/terms']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept' }));
    const prompt = await screen.findByTestId('terms-login-required');
    expect(within(prompt).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('records acceptance for a signed-in user and shows the date', async () => {
    const fetch = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: { ...user, termsAcceptedAt: null } } },
      'POST /api/v1/me/terms': { status: 200, body: { user: { ...user, termsAcceptedAt: '2026-03-04T10:00:00Z' } } },
    });
    renderPage(routes, ['/terms']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByTestId('terms-accepted')).toHaveTextContent('You accepted the terms on March 4, 2026.');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('shows an earlier acceptance on later visits', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: { ...user, termsAcceptedAt: '2025-12-24T10:00:00Z' } } } });
    renderPage(routes, ['/terms']);
    expect(await screen.findByTestId('terms-accepted')).toHaveTextContent('You accepted the terms on December 24, 2025.');
  });
});

describe('PrivacyPage', () => {
  it('has one h1 and the three policy sections', async () => {
    stubApi({});
    renderPage(routes, ['/privacy']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const name of ['Information We Collect', 'How We Use Your Information', 'Data Security']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
