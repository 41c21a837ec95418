import { screen, within, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import CheckoutPage from './CheckoutPage';
import PricingPage from './PricingPage';

afterEach(() => vi.unstubAllGlobals());

const pro = {
  id: 'pro',
  name: 'Pro',
  priceCents: 5000,
  credits: 100,
  description: 'Advanced features for professionals',
  features: ['Premium film submissions', 'Extended festival access', 'Networking events'],
};
const basic = { ...pro, id: 'basic', name: 'Basic', priceCents: 2500, credits: 50, features: ['Standard film submissions'] };
const unauthorized = { status: 200, body: { user: null } };
const routes = [
  { path: '/pricing', Component: PricingPage },
  { path: '/pricing/:packageId', Component: CheckoutPage },
  { path: '/login', element: <p>login page</p> },
];

describe('PricingPage', () => {
  it('shows each package from the server with price, credits, features and Get Started', async () => {
    stubApi({ 'GET /api/v1/packages': { status: 200, body: { packages: [basic, pro] } } });
    renderPage(routes, ['/pricing']);
    const card = await screen.findByTestId('package-pro');
    expect(within(card).getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(within(card).getByTestId('package-price')).toHaveTextContent('$50');
    expect(within(card).getByTestId('package-credits')).toHaveTextContent('100 credits');
    expect(within(card).getByText('Networking events')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/pricing/pro');
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Pricing/));
  });

  it('shows an error with a retry when packages cannot load', async () => {
    stubApi({ 'GET /api/v1/packages': { status: 500, body: { message: 'Internal error. Please try again later.', code: 'internal' } } });
    renderPage(routes, ['/pricing']);
    const error = await screen.findByTestId('packages-error');
    expect(error).toHaveTextContent('The packages could not be loaded.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('CheckoutPage', () => {
  it('sends a visitor to log in, remembering this checkout to come back to', async () => {
    stubApi({ 'GET /api/v1/packages/pro': { status: 200, body: { package: pro } }, 'GET /api/v1/session': unauthorized });
    const { router } = renderPage(routes, ['/pricing/pro']);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    const from = (router.state.location.state as { from?: { pathname: string } } | null)?.from;
    expect(from?.pathname).toBe('/pricing/pro');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('shows the package, the balance and the payment form to a signed-in user', async () => {
    stubApi({
      'GET /api/v1/packages/pro': { status: 200, body: { package: pro } },
      'GET /api/v1/payments/config': { status: 200, body: { provider: 'test' } },
      'GET /api/v1/session': {
        status: 200,
        body: { user: { id: 1, email: 'a@example.com', name: 'A', role: 'filmmaker', credits: 7, createdAt: '2025-01-01T00:00:00Z', termsAcceptedAt: null } },
      },
    });
    renderPage(routes, ['/pricing/pro']);
    expect(await screen.findByTestId('checkout-package-name')).toHaveTextContent('Pro');
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $50' })).toBeEnabled();
    expect(screen.getByTestId('checkout-balance')).toHaveTextContent('Your current balance: 7 credits');
    expect(screen.queryByTestId('payment-unavailable')).toBeNull();
  });

  it('shows not found for an unknown package', async () => {
    stubApi({ 'GET /api/v1/packages/gold': { status: 404, body: { message: 'Package not found', code: 'not_found' } }, 'GET /api/v1/session': unauthorized });
    renderPage(routes, ['/pricing/gold']);
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByRole('link', { name: 'See all packages' })).toHaveAttribute('href', '/pricing');
  });
});
