import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase, RefundPlan } from '../../api/payments';
import i18n from '../../i18n';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { RefundDialog } from './RefundDialog';

afterEach(() => vi.unstubAllGlobals());

const basic: Purchase = {
  id: 7,
  userId: 3,
  userEmail: 'buyer@example.com',
  packageId: 'basic',
  packageName: 'Basic',
  credits: 50,
  amountCents: 2500,
  currency: 'usd',
  country: 'US',
  provider: 'test',
  reference: 'test_pi_7',
  status: 'succeeded',
  failureMessage: '',
  refundedCredits: 0,
  refundedCents: 0,
  refundPending: false,
  buyerCompany: '',
  buyerVatId: '',
  language: 'en',
  createdAt: '2026-05-01T09:30:00Z',
  settledAt: '2026-05-01T09:30:01Z',
  refundedAt: null,
};

/** The server's plan for Basic ($25, 50 credits) when the buyer's balance is `balance`. */
function plan(balance: number, over: Partial<RefundPlan> = {}): RefundPlan {
  const take = Math.min(50, Math.max(balance, 0));
  const cents = Math.floor((2500 * take) / 50);
  return {
    purchaseId: 7,
    credits: 50,
    amountCents: 2500,
    currency: 'usd',
    balance,
    spentCredits: 50 - take,
    takeCredits: take,
    refundCents: cents,
    refundable: take > 0 && cents > 0,
    retry: false,
    ...over,
  };
}

const preview = 'GET /api/v1/admin/purchases/7/refund-preview';
const refund = 'POST /api/v1/admin/purchases/7/refund';
const posts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

function open(onRefunded = vi.fn(), onClose = vi.fn()) {
  const { unmount } = renderPage(<RefundDialog purchase={basic} onClose={onClose} onRefunded={onRefunded} />);
  return { onRefunded, onClose, unmount };
}

describe('RefundDialog', () => {
  it('shows the credits taken back and the money returned before confirming a partly spent purchase', async () => {
    const fetch = stubApi({
      [preview]: { status: 200, body: plan(35) },
      [refund]: { status: 200, body: { purchase: { ...basic, status: 'refunded', refundedCredits: 35, refundedCents: 1750 }, uncollected: 15 } },
    });
    const { onRefunded } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Refund this purchase?' });
    expect(dialog).toHaveTextContent('buyer@example.com paid $25 for Basic (50 credits).');
    expect(await within(dialog).findByTestId('refund-take')).toHaveTextContent('35 credits');
    expect(within(dialog).getByTestId('refund-return')).toHaveTextContent('$17.50');
    expect(within(dialog).getByTestId('refund-kept')).toHaveTextContent('$7.50');
    expect(within(dialog).getByTestId('refund-spent')).toHaveTextContent(
      '15 of its credits have already been spent: their share of the price is not returned.',
    );
    expect(within(dialog).getByRole('row', { name: 'Credits taken back from the balance 35 credits' })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'Money returned to the card $17.50' })).toBeInTheDocument();
    // Nothing is sent before the confirmation.
    expect(posts(fetch)).toHaveLength(0);

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Refund $17.50' }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalledTimes(1));
    expect(posts(fetch)).toHaveLength(1);
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ takeCredits: 35, refundCents: 1750 });
    expect(onRefunded.mock.calls[0][0]).toMatchObject({ uncollected: 15, purchase: { refundedCents: 1750 } });
  });

  it('returns the whole price when nothing was spent, and cancel sends nothing', async () => {
    const fetch = stubApi({ [preview]: { status: 200, body: plan(120) } });
    const { onClose } = open();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('refund-take')).toHaveTextContent('50 credits');
    expect(within(dialog).getByTestId('refund-return')).toHaveTextContent('$25');
    expect(within(dialog).queryByTestId('refund-kept')).toBeNull();
    expect(within(dialog).queryByTestId('refund-spent')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Refund $25' })).toBeEnabled();
    // The footer's Cancel (the close button in the corner is named Cancel too).
    await userEvent.setup().click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('offers no refund when every credit was spent', async () => {
    const fetch = stubApi({ [preview]: { status: 200, body: plan(0) } });
    open();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('refund-nothing')).toHaveTextContent(
      'All 50 credits of this purchase have been spent: there is nothing to refund.',
    );
    expect(within(dialog).queryByTestId('refund-figures')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('shows the new figures when the balance changed since the preview, and confirms those', async () => {
    let balance = 35;
    const fetch = stubApi({
      [preview]: () => ({ status: 200, body: plan(balance) }),
      [refund]: (init) => {
        if ((bodyOf(init) as { takeCredits: number }).takeCredits === 35) {
          balance = 30; // the buyer spent 5 more credits after the preview
          return {
            status: 409,
            body: { message: "The buyer's balance has changed since the preview: review the refund again", code: 'conflict' },
          };
        }
        return { status: 200, body: { purchase: { ...basic, status: 'refunded', refundedCredits: 30, refundedCents: 1500 }, uncollected: 20 } };
      },
    });
    const { onRefunded } = open();
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Refund $17.50' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The purchase could not be refunded. The buyer's balance has changed since the preview: review the refund again",
    );
    await waitFor(() => expect(within(dialog).getByTestId('refund-take')).toHaveTextContent('30 credits'));
    expect(within(dialog).getByTestId('refund-return')).toHaveTextContent('$15');
    expect(onRefunded).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Refund $15' }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalledTimes(1));
    expect(posts(fetch).map(([, init]) => bodyOf(init))).toEqual([
      { takeCredits: 35, refundCents: 1750 },
      { takeCredits: 30, refundCents: 1500 },
    ]);
  });

  it('asks the provider again for a refund it has not confirmed', async () => {
    const fetch = stubApi({
      [preview]: { status: 200, body: plan(0, { retry: true, takeCredits: 35, refundCents: 1750, spentCredits: 15, refundable: true }) },
      [refund]: { status: 200, body: { purchase: { ...basic, status: 'refunded', refundedCredits: 35, refundedCents: 1750 }, uncollected: 15 } },
    });
    const { onRefunded } = open();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('refund-retry-text')).toHaveTextContent(
      'the payment provider has not confirmed returning the money',
    );
    expect(within(dialog).getByTestId('refund-return')).toHaveTextContent('$17.50');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalled());
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ takeCredits: 35, refundCents: 1750 });
  });

  it('speaks Japanese and Chinese', async () => {
    stubApi({ [preview]: { status: 200, body: plan(35) } });
    try {
      await i18n.changeLanguage('ja');
      const ja = open();
      let dialog = await screen.findByRole('dialog', { name: 'この購入を返金しますか？' });
      expect(await within(dialog).findByTestId('refund-take')).toHaveTextContent('35 クレジット');
      expect(dialog).toHaveTextContent('buyer@example.com は Basic（50 クレジット）に $25 を支払いました。');
      expect(dialog).toHaveTextContent('そのうち 15 クレジットはすでに使用されています。');
      expect(within(dialog).getByRole('button', { name: '$17.50 を返金する' })).toBeInTheDocument();
      ja.unmount();

      await i18n.changeLanguage('zh');
      const zh = open();
      dialog = await screen.findByRole('dialog', { name: '要为这笔购买退款吗？' });
      expect(await within(dialog).findByTestId('refund-take')).toHaveTextContent('35 点');
      expect(within(dialog).getByRole('row', { name: '退回到银行卡的金额 $17.50' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: '退款 $17.50' })).toBeInTheDocument();
      zh.unmount();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
