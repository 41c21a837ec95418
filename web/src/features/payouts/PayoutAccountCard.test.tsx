import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/utils';
import { PayoutAccountCard } from './PayoutAccountCard';

afterEach(() => vi.unstubAllGlobals());

type Answer = { status: number; body: unknown };

/** stub answers the card's calls by "METHOD path" and records the bodies sent. */
function stub(answers: Record<string, Answer>) {
  const sent: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^https?:\/\/[^/]+/, '');
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
      sent.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const a = answers[key] ?? { status: 404, body: { message: 'Not found', code: 'not_found' } };
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

const path = '/api/v1/manage/festivals/kyoto-shorts/payout-account';
const noAccount = { account: null, provider: 'test', minimumCents: 2500, scheduleDay: 1 };

describe('PayoutAccountCard', () => {
  it('sends the tax data and shows each field’s message from the server', async () => {
    const sent = stub({
      [`GET ${path}`]: { status: 200, body: noAccount },
      [`PUT ${path}`]: {
        status: 400,
        body: { message: 'Invalid input', code: 'validation', fields: { legalName: 'Legal name is required', taxId: 'Tax ID is required' } },
      },
    });
    renderWithProviders(<PayoutAccountCard slug="kyoto-shorts" />);
    expect(await screen.findByText('Test mode: no real bank account is connected and no money moves.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Your available balance is paid out on day 1 of each month once it reaches $25.00.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Country/ }), { target: { value: 'jp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect payout account' }));
    expect(await screen.findByText('Legal name is required')).toBeInTheDocument();
    expect(screen.getByText('Tax ID is required')).toBeInTheDocument();
    expect(sent.find((s) => s.key === `PUT ${path}`)?.body).toEqual({ legalName: '', address: '', country: 'jp', taxId: '' });
  });

  it('shows a connected account’s status and tax data', async () => {
    stub({
      [`GET ${path}`]: {
        status: 200,
        body: {
          ...noAccount,
          account: {
            festivalId: 1, provider: 'test', reference: 'test_acct_1', status: 'onboarding', legalName: 'Kyoto Shorts KK',
            address: 'Kyoto', country: 'JP', taxId: 'T123', createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z',
          },
        },
      },
    });
    renderWithProviders(<PayoutAccountCard slug="kyoto-shorts" />);
    expect(await screen.findByTestId('payout-account-status')).toHaveTextContent('Onboarding');
    expect(screen.getByTestId('payout-tax-data')).toHaveTextContent('Kyoto Shorts KK');
    expect(screen.getByRole('button', { name: 'Continue onboarding' })).toBeInTheDocument();
  });
});
