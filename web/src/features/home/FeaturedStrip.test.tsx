import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import FeaturedStrip from './FeaturedStrip';

afterEach(() => vi.unstubAllGlobals());

describe('FeaturedStrip', () => {
  it('shows the featured festivals labelled Featured and counts one impression', async () => {
    const fetch = stubApi({
      'GET /api/v1/promotions/featured': {
        status: 200,
        body: { items: [{ campaignId: 9, slug: 'kyoto-shorts', name: 'Kyoto Shorts', location: 'Kyoto', country: 'JP', startDate: '2026-09-01', endDate: '2026-09-07' }] },
      },
      'POST /api/v1/promotions/events': { status: 204 },
    });
    renderPage(<FeaturedStrip title="Featured festivals" fallback={<p>logos</p>} />);
    const strip = await screen.findByTestId('featured-strip');
    expect(within(strip).getByText('Featured')).toBeInTheDocument();
    expect(within(strip).getByRole('link', { name: /Kyoto Shorts/ })).toHaveAttribute('href', '/festival/kyoto-shorts');
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ ids: [9], kind: 'view' });
  });

  it('keeps the static logos while nothing is featured', async () => {
    stubApi({ 'GET /api/v1/promotions/featured': { status: 200, body: { items: [] } } });
    renderPage(<FeaturedStrip title="Featured festivals" fallback={<p>logos</p>} />);
    expect(await screen.findByText('logos')).toBeInTheDocument();
  });
});
