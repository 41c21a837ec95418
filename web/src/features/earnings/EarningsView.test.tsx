import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FestivalEarningsReport } from '../../api/earnings';
import i18n from '../../i18n';
import { renderWithProviders } from '../../test/utils';
import { EarningsView } from './EarningsView';

afterEach(() => vi.unstubAllGlobals());

function report(month = '2026-03'): FestivalEarningsReport {
  const row = (id: number, kind: FestivalEarningsReport['statement']['rows'][number]['kind'], amountCents: number, source: string) => ({
    id,
    festivalId: 1,
    kind,
    amountCents,
    currency: 'usd',
    source,
    note: '',
    availableAt: '2099-01-01T00:00:00Z',
    createdAt: `${month}-10T12:00:00Z`,
  });
  return {
    festivalId: 1,
    festivalSlug: 'kyoto-shorts',
    festivalName: 'Kyoto Shorts',
    currency: 'usd',
    currencies: ['usd'],
    balance: { availableCents: 0, pendingCents: 3019, paidCents: 0 },
    balances: [{ currency: 'usd', availableCents: 0, pendingCents: 3019, paidCents: 0 }],
    creditValueCents: 40,
    commissionPercent: '8.5',
    commissionOverridden: false,
    months: ['2026-03', '2026-02'],
    statement: {
      month,
      currency: 'usd',
      openingCents: 0,
      entryFeeCents: 800,
      entryFees: 1,
      ticketCents: 2500,
      ticketOrders: 1,
      refundCents: 0,
      withdrawalCents: 0,
      commissionCents: -281,
      payoutCents: 0,
      adjustmentCents: 0,
      closingCents: 3019,
      rows: [
        row(1, 'entry_fee', 800, 'submission:9'),
        row(2, 'commission', -68, 'submission:9'),
        row(3, 'ticket', 2500, 'ticket_order:4'),
        row(4, 'commission', -213, 'ticket_order:4'),
      ],
    },
    taxData: null,
    generatedAt: '2026-03-10T12:00:00Z',
  };
}

function stub(edit: Partial<FestivalEarningsReport> = {}) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const month = new URL(url, 'http://x').searchParams.get('month') ?? '2026-03';
    if (!url.startsWith('/api/v1/manage/festivals/kyoto-shorts/earnings')) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify({ ...report(month), ...edit }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('EarningsView', () => {
  it('shows the balance, the terms, the statement with commission and every row', async () => {
    stub();
    renderWithProviders(<EarningsView slug="kyoto-shorts" payoutAccount={<p>Account status here</p>} />, { route: '/manage/festivals/kyoto-shorts/earnings' });
    expect(await screen.findByTestId('balance-pending')).toHaveTextContent('$30.19');
    expect(screen.getByTestId('balance-available')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('earnings-terms')).toHaveTextContent('count $0.40 per credit');
    expect(screen.getByTestId('earnings-terms')).toHaveTextContent('8.5 %');
    expect(within(screen.getByTestId('payout-account-slot')).getByText('Account status here')).toBeInTheDocument();
    // The account, which loads on its own, comes after the statement: arriving, it moves nothing the reader is about to click.
    const after = screen.getByTestId('statement-csv').compareDocumentPosition(screen.getByTestId('payout-account-slot'));
    expect(after & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const lines = screen.getByTestId('statement-lines');
    expect(within(lines).getByText('Commission').closest('tr')).toHaveTextContent('-$2.81');
    expect(within(lines).getByText('Closing balance').closest('tr')).toHaveTextContent('$30.19');
    expect(screen.queryByTestId('statement-mismatch')).toBeNull();
    const rows = within(screen.getByTestId('earnings-rows')).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent('Entry fee');
    expect(rows[1]).toHaveTextContent('Entry #9');
    expect(rows[4]).toHaveTextContent('Ticket order #4');
    expect(rows[4]).toHaveTextContent('-$2.13');
    expect(screen.getByTestId('statement-csv')).toHaveAttribute('href', '/api/v1/manage/festivals/kyoto-shorts/earnings/statement.csv?month=2026-03&currency=usd');
    expect(screen.getByTestId('statement-pdf')).toHaveAttribute('href', '/api/v1/manage/festivals/kyoto-shorts/earnings/statement.pdf?month=2026-03&lang=en&currency=usd');
    expect(screen.queryByTestId('statement-tax')).toBeNull();
  });

  it("shows the payout account's tax data on the statement and links the PDF in the reader's language", async () => {
    stub({ taxData: { legalName: '京都ショーツ合同会社', address: '1 Sanjo-dori\nKyoto', country: 'JP', taxId: 'T1234567890123' } });
    await i18n.changeLanguage('ja');
    const view = renderWithProviders(<EarningsView slug="kyoto-shorts" />, { route: '/manage/festivals/kyoto-shorts/earnings' });
    try {
      const tax = await screen.findByTestId('statement-tax');
      expect(within(tax).getByText('正式名称').nextElementSibling).toHaveTextContent('京都ショーツ合同会社');
      expect(within(tax).getByText('税番号').nextElementSibling).toHaveTextContent('T1234567890123');
      expect(within(tax).getByText('国').nextElementSibling).toHaveTextContent('JP');
      expect(within(tax).getByText('住所').nextElementSibling).toHaveTextContent('1 Sanjo-dori Kyoto');
      expect(screen.getByTestId('statement-pdf')).toHaveTextContent('PDF をダウンロード');
      expect(screen.getByTestId('statement-pdf')).toHaveAttribute('href', expect.stringContaining('statement.pdf?month=2026-03&lang=ja'));
    } finally {
      view.unmount();
      await i18n.changeLanguage('en');
    }
  });

  it('loads another month when it is chosen', async () => {
    const fetch = stub();
    renderWithProviders(<EarningsView slug="kyoto-shorts" />, { route: '/manage/festivals/kyoto-shorts/earnings' });
    await userEvent.selectOptions(await screen.findByTestId('statement-month'), '2026-02');
    expect(await screen.findByText('Statement for February 2026')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/manage/festivals/kyoto-shorts/earnings?month=2026-02', expect.anything());
    expect(screen.getByTestId('statement-csv')).toHaveAttribute('href', expect.stringContaining('month=2026-02'));
    expect(screen.queryByTestId('payout-account-slot')).toBeNull();
  });

  it('says when the earnings cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Festival not found', code: 'not_found' }), { status: 404, headers: { 'Content-Type': 'application/json' } })));
    renderWithProviders(<EarningsView slug="kyoto-shorts" />);
    expect(await screen.findByTestId('earnings-error')).toHaveTextContent('The earnings could not be loaded.');
  });
});
