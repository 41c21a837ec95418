import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { VerifyEmailNotice } from './VerifyEmailNotice';
import { renderPage, stubApi } from '../../test/utils';
import { sampleUser } from '../../test/fixtures/users';

const routes = [
  {
    path: '*',
    element: (
      <>
        <VerifyEmailNotice />
        <p>page</p>
      </>
    ),
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailNotice', () => {
  it('asks an unconfirmed user to confirm, and resends the link', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: { ...sampleUser, emailVerified: false } } },
      'POST /api/v1/me/verification': { status: 429, body: { message: 'Too many confirmation e-mails. Try again later.', code: 'rate_limited' } },
    });
    renderPage(routes, ['/account']);
    expect(await screen.findByRole('complementary', { name: 'Confirm your e-mail address' })).toHaveTextContent(
      'Please confirm your e-mail address: open the link we sent to ana@example.com.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText(i18n.t('errors.rate_limited', { ns: 'common' }))).toBeInTheDocument();
  });

  it('is absent for confirmed users and visitors', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: { ...sampleUser, emailVerified: true } } } });
    renderPage(routes, ['/']);
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(screen.queryByTestId('verify-email-notice')).not.toBeInTheDocument();
  });
});
