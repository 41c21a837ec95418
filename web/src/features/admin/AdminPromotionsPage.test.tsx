import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Promotion } from '../../api/promotions';
import { renderPage, stubApi } from '../../test/utils';
import AdminPromotionsPage from './AdminPromotionsPage';

afterEach(() => vi.unstubAllGlobals());

function campaign(over: Partial<Promotion> = {}): Promotion {
  return {
    id: 4,
    festivalId: 1,
    festivalSlug: 'kyoto-shorts',
    festivalName: 'Kyoto Shorts',
    organiserEmail: 'org@example.com',
    days: 7,
    credits: 50,
    status: 'active',
    endReason: '',
    refundedCredits: 0,
    startsAt: '2026-06-01T10:00:00Z',
    endsAt: '2026-06-08T10:00:00Z',
    endedAt: null,
    createdAt: '2026-06-01T10:00:00Z',
    ...over,
  };
}

describe('AdminPromotionsPage', () => {
  it('lists campaigns and ends a running one with its refund', async () => {
    let ended = false;
    stubApi({
      'GET /api/v1/admin/promotions': () => ({
        status: 200,
        body: {
          items: [
            ended ? campaign({ status: 'ended', endReason: 'admin', refundedCredits: 28 }) : campaign(),
            campaign({ id: 3, festivalName: 'Old Fest', status: 'ended', endReason: 'expired' }),
          ],
          total: 2,
          page: 1,
          perPage: 50,
        },
      }),
      'POST /api/v1/admin/promotions/4/end': () => {
        ended = true;
        return { status: 200, body: campaign({ status: 'ended', endReason: 'admin', refundedCredits: 28 }) };
      },
    });
    renderPage([{ path: '/admin/promotions', Component: AdminPromotionsPage }], ['/admin/promotions']);
    const table = await screen.findByTestId('promotions-table');
    expect(within(table).getByText('Expired')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'End campaign' })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'End campaign' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'End campaign' }));
    expect(await screen.findByTestId('promotion-ended')).toHaveTextContent('The campaign for Kyoto Shorts ended; 28 credits refunded.');
    expect(await within(screen.getByTestId('promotions-table')).findByText('50 (28 refunded)')).toBeInTheDocument();
  });
});
