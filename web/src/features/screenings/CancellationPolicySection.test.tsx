import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { pickOption } from '../../test/fixtures/manageSubmissions';
import { CancellationPolicySection, toPolicy } from './CancellationPolicySection';

afterEach(() => vi.unstubAllGlobals());

const off = { enabled: false, cutoffHours: 0, refund: '', feeCents: 0, feePercent: 0 };

describe('CancellationPolicySection', () => {
  it('sets "minus a fixed fee" with a cut-off, sending the fee in cents', async () => {
    const fetch = stubApi({
      'GET /api/v1/manage/festivals/kyoto/cancellation-policy': { status: 200, body: off },
      'PUT /api/v1/manage/festivals/kyoto/cancellation-policy': (init) => ({ status: 200, body: bodyOf(init) }),
    });
    const user = userEvent.setup();
    renderPage(<CancellationPolicySection slug="kyoto" currency="usd" />);
    await user.click(await screen.findByRole('switch', { name: 'Buyers may cancel their tickets' }));
    const cutoff = screen.getByLabelText(/^Cut-off/);
    await user.clear(cutoff);
    await user.type(cutoff, '24');
    await pickOption(user, screen.getByRole('combobox', { name: 'Refund' }), 'Refund minus a fixed fee');
    await user.type(screen.getByLabelText(/^Fee per order/), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save the rule' }));
    expect(await screen.findByTestId('policy-saved')).toHaveTextContent('The cancellation rule is saved.');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ enabled: true, cutoffHours: 24, refund: 'fixed_fee', feeCents: 250, feePercent: 0 });
  });

  it('shows the server’s field errors beside the fields', async () => {
    stubApi({
      'GET /api/v1/manage/festivals/kyoto/cancellation-policy': {
        status: 200,
        body: { enabled: true, cutoffHours: 48, refund: 'percent_fee', feeCents: 0, feePercent: 10 },
      },
      'PUT /api/v1/manage/festivals/kyoto/cancellation-policy': {
        status: 400,
        body: { message: 'Invalid input', fields: { feePercent: 'Enter a percentage between 1 and 99' } },
      },
    });
    const user = userEvent.setup();
    renderPage(<CancellationPolicySection slug="kyoto" currency="usd" />);
    expect(await screen.findByLabelText(/^Fee \(percent/)).toHaveValue('10 %');
    await user.click(screen.getByRole('button', { name: 'Save the rule' }));
    expect(await screen.findByText('Enter a percentage between 1 and 99')).toBeInTheDocument();
  });

  it('sends only the fee the rule uses', () => {
    expect(toPolicy({ enabled: true, cutoffHours: '48', refund: 'percent_fee', fee: 3, percent: 15 }, 'usd')).toEqual({
      enabled: true,
      cutoffHours: 48,
      refund: 'percent_fee',
      feeCents: 0,
      feePercent: 15,
    });
  });

  it('sends a fixed fee in the currency\'s minor unit: cents for USD, whole yen for JPY', () => {
    const fixed = { enabled: true, cutoffHours: 24, refund: 'fixed_fee' as const, fee: 3.5, percent: '' };
    expect(toPolicy(fixed, 'usd').feeCents).toBe(350);
    expect(toPolicy({ ...fixed, fee: 300 }, 'jpy').feeCents).toBe(300);
  });
});
