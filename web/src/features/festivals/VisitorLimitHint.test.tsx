import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { FestivalInquiry } from './FestivalInquiry';

afterEach(() => vi.unstubAllGlobals());

const limited = {
  status: 429,
  body: { message: 'You have asked many questions this hour. Sign in to ask more, or try again later.', code: 'rate_limited' },
};
const member = {
  status: 200,
  body: { user: { id: 12, email: 'mina@example.com', name: 'Mina', role: 'filmmaker', credits: 0, createdAt: '2030-01-01T00:00:00Z' } },
};

async function askOnce() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Festivals in Tokyo');
  await user.click(screen.getByRole('button', { name: 'Ask Now' }));
  return user;
}

describe('VisitorLimitHint', () => {
  it('offers a visitor past the limit a sign-in that comes back to the page', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } }, 'POST /api/v1/inquiries/stream': limited });
    const { router } = renderPage(
      [
        { path: '/festivals', element: <FestivalInquiry /> },
        { path: '/login', element: <p>login page</p> },
      ],
      ['/festivals?q=tokyo'],
    );
    const user = await askOnce();
    expect(await screen.findByRole('alert')).toHaveTextContent('You have asked many questions this hour. Sign in to ask more');
    await user.click(await screen.findByRole('link', { name: 'Sign in to ask more questions' }));
    await screen.findByText('login page');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/festivals', search: '?q=tokyo' } });
  });

  it('says nothing more to a signed-in user (their own limit)', async () => {
    stubApi({ 'GET /api/v1/session': member, 'POST /api/v1/inquiries/stream': limited });
    renderPage([{ path: '/festivals', element: <FestivalInquiry /> }], ['/festivals']);
    await askOnce();
    await screen.findByRole('alert');
    expect(screen.queryByTestId('inquiry-sign-in')).toBeNull();
  });

  it('says nothing more to a visitor for other errors', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } }, 'POST /api/v1/inquiries/stream': { status: 500, body: { message: 'Internal error' } } });
    renderPage([{ path: '/festivals', element: <FestivalInquiry /> }], ['/festivals']);
    await askOnce();
    await screen.findByRole('alert');
    expect(screen.queryByTestId('inquiry-sign-in')).toBeNull();
  });
});
