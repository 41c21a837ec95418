import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromotionOverview } from '../../api/promotions';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import PromotionPage from './PromotionPage';

afterEach(() => vi.unstubAllGlobals());

const prices = [
  { days: 7, credits: 50, updatedAt: '2026-01-01T00:00:00Z' },
  { days: 14, credits: 90, updatedAt: '2026-01-01T00:00:00Z' },
  { days: 30, credits: 170, updatedAt: '2026-01-01T00:00:00Z' },
];

function overview(over: Partial<PromotionOverview> = {}): PromotionOverview {
  return {
    balance: 100,
    prices,
    festivals: [
      { id: 1, slug: 'kyoto-shorts', name: 'Kyoto Shorts', status: 'approved', campaign: null },
      { id: 2, slug: 'new-fest', name: 'New Fest', status: 'pending', campaign: null },
    ],
    ...over,
  };
}

describe('PromotionPage', () => {
  it('promotes an approved festival for the chosen length, with one key per purchase', async () => {
    let started = false;
    const keys: string[] = [];
    const fetch = stubApi({
      'GET /api/v1/manage/promotions': () => ({
        status: 200,
        body: started
          ? overview({
              balance: 10,
              festivals: [
                {
                  id: 1,
                  slug: 'kyoto-shorts',
                  name: 'Kyoto Shorts',
                  status: 'approved',
                  campaign: {
                    id: 9, festivalId: 1, festivalSlug: 'kyoto-shorts', festivalName: 'Kyoto Shorts', days: 14, credits: 90,
                    status: 'active', endReason: '', refundedCredits: 0, startsAt: '2026-06-01T00:00:00Z',
                    endsAt: '2026-06-15T00:00:00Z', endedAt: null, createdAt: '2026-06-01T00:00:00Z',
                  },
                },
              ],
            })
          : overview(),
      }),
      'POST /api/v1/manage/festivals/kyoto-shorts/promotions': (init) => {
        const b = bodyOf(init) as { days: number; key: string };
        keys.push(b.key);
        started = true;
        return { status: 201, body: { id: 9, days: b.days } };
      },
    });
    renderPage([{ path: '/manage/promotion', Component: PromotionPage }], ['/manage/promotion']);
    const card = await screen.findByTestId('promote-kyoto-shorts');
    expect(screen.getByTestId('promotion-balance')).toHaveTextContent('100 credits');
    expect(within(screen.getByTestId('promote-new-fest')).getByText('Only an approved festival can be promoted.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('radio', { name: '14 days · 90 credits' }));
    await user.click(within(card).getByRole('button', { name: 'Promote for 14 days' }));
    // Nothing is spent before the confirmation, and Cancel spends nothing.
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    let dialog = await screen.findByRole('dialog', { name: 'Promote Kyoto Shorts?' });
    expect(dialog).toHaveTextContent('A 14-day campaign costs 90 credits: your balance goes from 100 to 10.');
    expect(posts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Promote for 14 days' }));
    dialog = await screen.findByRole('dialog', { name: 'Promote Kyoto Shorts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay 90 credits' }));
    expect(await within(screen.getByTestId('promote-kyoto-shorts')).findByText(/Featured until/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe('');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ days: 14, key: keys[0] });
  });

  it('keeps the confirmation open with the server’s refusal', async () => {
    stubApi({
      'GET /api/v1/manage/promotions': { status: 200, body: overview() },
      'POST /api/v1/manage/festivals/kyoto-shorts/promotions': {
        status: 402,
        body: { message: 'Not enough credits: this campaign costs 50 credits and your balance is 20.', code: 'insufficient_credits' },
      },
    });
    renderPage([{ path: '/manage/promotion', Component: PromotionPage }], ['/manage/promotion']);
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('promote-kyoto-shorts')).getByRole('button', { name: 'Promote for 7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote Kyoto Shorts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay 50 credits' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('this campaign costs 50 credits and your balance is 20.');
  });

  it('blocks a campaign the balance cannot pay and links to the credits', async () => {
    stubApi({ 'GET /api/v1/manage/promotions': { status: 200, body: overview({ balance: 20 }) } });
    renderPage([{ path: '/manage/promotion', Component: PromotionPage }], ['/manage/promotion']);
    const card = await screen.findByTestId('promote-kyoto-shorts');
    expect(within(card).getByRole('button', { name: 'Promote for 7 days' })).toBeDisabled();
    expect(within(card).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/pricing');
  });
});
