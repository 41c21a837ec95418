import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { MyFestivals } from './MyFestivals';
import { festival } from '../../test/fixtures/festivals';

afterEach(() => vi.unstubAllGlobals());

describe('MyFestivals', () => {
  it('lists the user’s festivals with status, reason and links', async () => {
    stubApi({
      'GET /api/v1/manage/festivals': {
        status: 200,
        body: {
          items: [
            festival(),
            festival({ id: 2, slug: 'night-docs', name: 'Night Docs', status: 'rejected', rejectionReason: 'Add a website.' }),
            festival({ id: 3, slug: 'new-wave', name: 'New Wave', status: 'pending' }),
          ],
        },
      },
    });
    renderPage(<MyFestivals />);
    const items = await screen.findAllByTestId('my-festival');
    expect(screen.getByRole('heading', { level: 2, name: 'Your festivals' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register a festival' })).toHaveAttribute('href', '/submit');

    expect(within(items[0]).getByTestId('status-badge')).toHaveTextContent('Approved');
    expect(within(items[0]).getByRole('link', { name: 'Edit Kyoto Shorts' })).toHaveAttribute('href', '/manage/festivals/kyoto-shorts');
    expect(within(items[0]).getByRole('link', { name: 'Public page of Kyoto Shorts' })).toHaveAttribute('href', '/festival/kyoto-shorts');

    expect(within(items[1]).getByTestId('status-badge')).toHaveTextContent('Rejected');
    expect(within(items[1]).getByTestId('rejection-reason')).toHaveTextContent('Reason for rejection: Add a website.');
    expect(within(items[1]).queryByRole('link', { name: /Public page/ })).toBeNull();

    expect(within(items[2]).getByTestId('status-badge')).toHaveTextContent('Pending review');
    expect(items[2]).toHaveTextContent('An admin is reviewing this festival.');
  });

  it('invites a user without festivals to register one', async () => {
    stubApi({ 'GET /api/v1/manage/festivals': { status: 200, body: { items: [] } } });
    renderPage(<MyFestivals />);
    const empty = await screen.findByTestId('my-festivals-empty');
    expect(within(empty).getByRole('link', { name: 'Register your festival' })).toHaveAttribute('href', '/submit');
  });
});
