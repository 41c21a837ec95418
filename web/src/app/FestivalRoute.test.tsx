import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { festival } from '../test/fixtures/festivals';
import { screening } from '../test/fixtures/tickets';
import { renderPage, stubApi } from '../test/utils';
import FestivalRoute from './FestivalRoute';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/festival/:slug', Component: FestivalRoute }];

describe('the festival page’s Screenings section', () => {
  it('shows each screening in the festival’s zone with its price and what is left, sold out, or when sales open', async () => {
    stubApi({
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: festival() } },
      'GET /api/v1/festivals/kyoto-shorts/screenings': {
        status: 200,
        body: {
          timeZone: 'Asia/Tokyo',
          items: [
            screening(),
            screening({ id: 8, title: 'Midnight shorts', remaining: 0, soldOut: true, priceCents: 0 }),
            screening({ id: 9, title: 'Closing gala', onSale: false, salesStartAt: '2030-05-01T00:00:00Z' }),
          ],
        },
      },
    });
    renderPage(routes, ['/festival/kyoto-shorts']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Screenings' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('screening-card');
    expect(cards).toHaveLength(3);

    // 10:00 UTC is 19:00 in Tokyo; the zone is named.
    expect(cards[0]).toHaveTextContent('Jun 5, 2030, 7:00 PM (Asia/Tokyo)');
    expect(cards[0]).toHaveTextContent('Kyoto Cinema, Hall 1');
    expect(within(cards[0]).getByTestId('screening-price')).toHaveTextContent('$12.50');
    expect(within(cards[0]).getByTestId('screening-availability')).toHaveTextContent('12 left');
    expect(within(cards[0]).getByRole('link', { name: 'Buy tickets for Opening night' })).toHaveAttribute('href', '/screenings/7/buy');

    expect(within(cards[1]).getByTestId('screening-price')).toHaveTextContent('Free');
    expect(within(cards[1]).getByTestId('screening-availability')).toHaveTextContent('Sold out');
    expect(within(cards[1]).getByRole('button', { name: 'Buy' })).toBeDisabled();

    expect(within(cards[2]).getByTestId('screening-availability')).toHaveTextContent('Sales open May 1, 2030, 9:00 AM');
    expect(within(cards[2]).getByRole('button', { name: 'Buy' })).toBeDisabled();
  });

  it('leaves the section out when the festival has no screenings', async () => {
    stubApi({
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: festival() } },
      'GET /api/v1/festivals/kyoto-shorts/screenings': { status: 200, body: { timeZone: 'UTC', items: [] } },
    });
    renderPage(routes, ['/festival/kyoto-shorts']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kyoto Shorts' })).toBeInTheDocument();
    expect(screen.queryByTestId('screenings-section')).toBeNull();
  });
});
