import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '../../api/payments';
import { bodyOf, renderPage, stubApi, type Answer } from '../../test/utils';
import CheckoutPage from './CheckoutPage';
import { sampleUser } from '../../test/fixtures/users';

// Stripe is mocked: the real modules would fetch js.stripe.com.
const stripeMock = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  complete: true,
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeMock.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const React = await import('react');
  const card = { clear: vi.fn() };
  const stripe = { confirmCardPayment: stripeMock.confirmCardPayment };
  return {
    Elements: ({ children }: { children: React.ReactNode }) => React.createElement(React.Fragment, null, children),
    CardElement: ({ onChange }: { onChange?: (e: { complete: boolean; error?: { message: string } }) => void }) => {
      React.useEffect(() => {
        onChange?.({ complete: stripeMock.complete });
      }, [onChange]);
      return React.createElement('div', { 'data-testid': 'card-element' });
    },
    useStripe: () => stripe,
    useElements: () => ({ getElement: () => card }),
  };
});

const pro = {
  id: 'pro',
  name: 'Pro',
  priceCents: 5000,
  credits: 100,
  description: 'Advanced features for professionals',
  features: ['Premium film submissions'],
};

function purchase(over: Partial<Purchase> = {}): Purchase {
  return {
    id: 41,
    userId: 1,
    userEmail: 'ana@example.com',
    packageId: 'pro',
    packageName: 'Pro',
    credits: 100,
    amountCents: 5000,
    currency: 'usd',
    country: 'US',
    provider: 'test',
    reference: 'test_pi_41',
    status: 'succeeded',
    failureMessage: '',
    refundedCredits: 0,
    refundedCents: 0,
    refundPending: false,
    language: 'en',
    createdAt: '2025-05-01T10:00:00Z',
    settledAt: '2025-05-01T10:00:01Z',
    refundedAt: null,
    buyerCompany: '',
    buyerVatId: '',
    ...over,
  };
}

const routes = [
  { path: '/pricing/:packageId', Component: CheckoutPage },
  { path: '/login', element: <p>login page</p> },
  { path: '/account/receipts/:id', element: <p>receipt page</p> },
];

/** A checkout for a user with 20 credits; the session answers whatever the server's balance now is. */
function renderCheckout(
  payment: Answer | ((init: RequestInit | undefined) => Answer),
  { provider = 'test', extra = {} }: { provider?: 'test' | 'stripe'; extra?: Parameters<typeof stubApi>[0] } = {},
) {
  let credits = 20;
  // Any payment answer carrying a balance is what the session says from then on.
  const track = (answer: Answer) => {
    if (typeof answer === 'object' && answer.status < 300) {
      const balance = (answer.body as { balance?: number } | undefined)?.balance;
      if (typeof balance === 'number') credits = balance;
    }
    return answer;
  };
  const tracked = Object.fromEntries(
    Object.entries(extra).map(([k, v]) => [k, (init: RequestInit | undefined, url: string) => track(typeof v === 'function' ? v(init, url) : v)]),
  );
  const fetch = stubApi({
    'GET /api/v1/packages/pro': { status: 200, body: { package: pro } },
    'GET /api/v1/payments/config': {
      status: 200,
      body: provider === 'stripe' ? { provider, publishableKey: 'pk_test_123' } : { provider },
    },
    'GET /api/v1/session': () => ({ status: 200, body: { user: { ...sampleUser, credits } } }),
    'POST /api/v1/payments': (init) => track(typeof payment === 'function' ? payment(init) : payment),
    ...tracked,
  });
  const utils = renderPage(routes, ['/pricing/pro']);
  return { ...utils, fetch };
}

/**
 * fillCard fills the card form as a person pasting each value does (an
 * input event a field); typed, as one typing it key by key does (an input
 * event a key, so the fields' formatting as you type is exercised: one test
 * does that, since each key re-renders the whole page and the file's other
 * tests would spend most of their time typing).
 */
async function fillCard(number = '4242 4242 4242 4242', expiry = '12/34', cvc = '123', country = 'us', { typed = false } = {}) {
  const user = userEvent.setup();
  await screen.findByRole('button', { name: 'Pay $50' });
  const fill = async (label: RegExp, value: string) => {
    if (!value) return;
    const field = screen.getByLabelText(label);
    if (typed) {
      await user.type(field, value);
    } else {
      await user.click(field);
      await user.paste(value);
    }
  };
  await fill(/^Card number/, number);
  await fill(/^Expiry/, expiry);
  await fill(/^CVC/, cvc);
  await fill(/^Country/, country);
  return user;
}

const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'POST');

beforeEach(() => {
  stripeMock.loadStripe.mockReset();
  stripeMock.loadStripe.mockResolvedValue({});
  stripeMock.confirmCardPayment.mockReset();
  stripeMock.complete = true;
});
afterEach(() => vi.unstubAllGlobals());

describe('CheckoutPage in test mode', () => {
  it('shows our own card form, labelled as test mode, with the test cards', async () => {
    renderCheckout({ status: 201, body: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const notice = await screen.findByTestId('test-mode-notice');
    expect(notice).toHaveTextContent('Test mode: no real charge');
    expect(notice).toHaveTextContent('4242 4242 4242 4242');
    expect(notice).toHaveTextContent('4000 0000 0000 0002');
    expect(notice).toHaveTextContent('4000 0000 0000 9995');
    const number = screen.getByLabelText(/^Card number/);
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(/^Expiry/)).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText(/^CVC/)).toHaveAttribute('autocomplete', 'cc-csc');
    const country = screen.getByLabelText(/^Country/);
    expect(country).toHaveAttribute('placeholder', 'Country (e.g., US, IN)');
    expect(country).toBeRequired();
    expect(stripeMock.loadStripe).not.toHaveBeenCalled();
  });

  it('pays, says so, shows the new balance at once and links to the receipt', async () => {
    const { fetch } = renderCheckout({ status: 201, body: { purchase: purchase(), balance: 120 } });
    expect(await screen.findByTestId('checkout-balance')).toHaveTextContent('Your current balance: 20 credits');
    // Typed key by key, without the spaces and the slash: the fields put them in.
    const user = await fillCard('4242424242424242', '1234', '123', 'us', { typed: true });
    expect(screen.getByLabelText(/^Country/)).toHaveValue('US');
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/^Expiry/)).toHaveValue('12/34');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));

    const message = await screen.findByTestId('payment-message');
    expect(message).toHaveTextContent('Payment successful! 🎉');
    expect(message).toHaveTextContent('Your new balance: 120 credits');
    expect(screen.getByTestId('checkout-balance')).toHaveTextContent('Your current balance: 120 credits');
    expect(within(message).getByRole('link', { name: 'View your receipt' })).toHaveAttribute('href', '/account/receipts/41');
    expect(bodyOf(posts(fetch)[0][1])).toEqual({
      packageId: 'pro',
      country: 'US',
      amountCents: 5000,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    // The card is cleared for a next purchase; the user stays signed in.
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('');
    expect(screen.queryByText('login page')).toBeNull();
  });

  it("shows the provider's message for a declined card, as it is, and the balance does not change", async () => {
    renderCheckout({
      status: 201,
      body: { purchase: purchase({ status: 'failed', failureMessage: 'Your card was declined.', settledAt: null }), balance: 20 },
    });
    const user = await fillCard('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(/^Your card was declined\.$/);
    expect(screen.getByTestId('checkout-balance')).toHaveTextContent('Your current balance: 20 credits');
    expect(screen.queryByText('Payment successful! 🎉')).toBeNull();
  });

  it("shows a card field error from the server as it is and marks the field", async () => {
    renderCheckout({
      status: 400,
      body: { message: 'Please correct the fields marked below.', code: 'validation', fields: { 'card.number': 'Your card number is incorrect.' } },
    });
    const user = await fillCard('4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your card number is incorrect\.$/);
    expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Payment failed: …' for other refusals of the server", async () => {
    renderCheckout({ status: 409, body: { message: 'This package is no longer on sale.', code: 'conflict' } });
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed: This package is no longer on sale.');
  });

  it("shows the server's country message beside the country", async () => {
    renderCheckout({
      status: 400,
      body: { message: 'Please correct the fields marked below.', code: 'validation', fields: { country: 'Unknown country' } },
    });
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    await waitFor(() => expect(screen.getByLabelText(/^Country/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Unknown country')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed: Please correct the fields marked below.');
  });

  it("says 'Error: …' when the server cannot be reached", async () => {
    renderCheckout('network');
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: We could not reach the server/);
  });

  it("asks to fill all details when the country or a card field is empty, without calling the server", async () => {
    const { fetch } = renderCheckout({ status: 201, body: { purchase: purchase(), balance: 120 } });
    const user = await fillCard('4242 4242 4242 4242', '12/34', '123', '');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please fill all details\.$/);

    await user.clear(screen.getByLabelText(/^CVC/));
    await user.type(screen.getByLabelText(/^Country/), 'IN');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please fill all details\.$/);
    expect(posts(fetch)).toHaveLength(0);
  });

  it('refuses a country that is not an ISO code beside the field, without calling the server', async () => {
    const { fetch } = renderCheckout({ status: 201, body: { purchase: purchase(), balance: 120 } });
    const user = await fillCard('4242 4242 4242 4242', '12/34', '123', 'xx');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByText('Enter a two-letter country code, for example US or IN.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Country/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetch)).toHaveLength(0);
  });

  it("reads 'Processing...' and is disabled while the payment is under way", async () => {
    renderCheckout('pending');
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('payment-form')).toHaveAttribute('aria-busy', 'true');
  });
});

describe('CheckoutPage with Stripe', () => {
  const confirmed = { status: 200, body: { purchase: purchase({ provider: 'stripe', reference: 'pi_123' }), balance: 120 } };

  it('loads Stripe with the publishable key, confirms the card payment with the country, then confirms with the server', async () => {
    const { fetch } = renderCheckout(
      { status: 201, body: { purchase: purchase({ status: 'pending', provider: 'stripe', settledAt: null }), clientSecret: 'pi_123_secret_abc', balance: 20 } },
      { provider: 'stripe', extra: { 'POST /api/v1/payments/41/confirm': confirmed } },
    );
    stripeMock.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const user = userEvent.setup();
    expect(await screen.findByTestId('card-element')).toBeInTheDocument();
    expect(stripeMock.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByTestId('test-mode-notice')).toBeNull();
    await user.type(screen.getByLabelText(/^Country/), 'in');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));

    expect(await screen.findByTestId('payment-message')).toHaveTextContent('Payment successful! 🎉');
    expect(screen.getByTestId('checkout-balance')).toHaveTextContent('Your current balance: 120 credits');
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ packageId: 'pro', country: 'IN', amountCents: 5000 });
    expect(stripeMock.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc', {
      payment_method: { card: expect.anything(), billing_details: { address: { country: 'IN' } } },
    });
    expect(String(posts(fetch)[1][0])).toBe('/api/v1/payments/41/confirm');
  });

  it("shows Stripe's error as it is and does not confirm", async () => {
    const { fetch } = renderCheckout(
      { status: 201, body: { purchase: purchase({ status: 'pending', provider: 'stripe', settledAt: null }), clientSecret: 'pi_123_secret_abc', balance: 20 } },
      { provider: 'stripe', extra: { 'POST /api/v1/payments/41/confirm': confirmed } },
    );
    stripeMock.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    const user = userEvent.setup();
    await screen.findByTestId('card-element');
    await user.type(screen.getByLabelText(/^Country/), 'US');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your card has insufficient funds\.$/);
    expect(posts(fetch)).toHaveLength(1);
  });

  it('asks to fill all details while the card is incomplete', async () => {
    stripeMock.complete = false;
    const { fetch } = renderCheckout({ status: 201, body: {} }, { provider: 'stripe' });
    const user = userEvent.setup();
    await screen.findByTestId('card-element');
    await user.type(screen.getByLabelText(/^Country/), 'US');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please fill all details\.$/);
    expect(posts(fetch)).toHaveLength(0);
  });
});

describe('CheckoutPage company details for the receipt', () => {
  it('sends nothing of them until given; given, sends them normalised', async () => {
    const { fetch } = renderCheckout({ status: 201, body: { purchase: purchase(), balance: 120 } });
    const user = await fillCard();
    const toggle = screen.getByRole('button', { name: 'Add company details for the receipt' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText(/^Company name/), '  ACME Filmverleih GmbH ');
    await user.type(screen.getByLabelText(/^VAT ID/), 'de 123.456-789');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    await screen.findByTestId('payment-message');
    expect(bodyOf(posts(fetch)[0][1])).toMatchObject({ buyerCompany: 'ACME Filmverleih GmbH', buyerVatId: 'DE123456789' });
  });

  it('refuses a malformed VAT id, or one without a company, beside its field without calling the server', async () => {
    const { fetch } = renderCheckout({ status: 201, body: { purchase: purchase(), balance: 120 } });
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Add company details for the receipt' }));
    await user.type(screen.getByLabelText(/^VAT ID/), '123456789');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    await waitFor(() => expect(screen.getByLabelText(/^VAT ID/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(/VAT ID must be a two-letter country prefix/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^VAT ID/));
    await user.type(screen.getByLabelText(/^VAT ID/), 'DE123456789');
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByText('Enter the company name the VAT ID belongs to')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company name/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetch)).toHaveLength(0);
  });

  it("shows the server's message beside the VAT id and opens the details", async () => {
    renderCheckout({
      status: 400,
      body: { message: 'Please correct the fields marked below.', code: 'validation', fields: { buyerVatId: 'VAT ID is not valid' } },
    });
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByText('VAT ID is not valid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add company details for the receipt' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText(/^VAT ID/)).toHaveAttribute('aria-invalid', 'true');
  });
});
