import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { consentCookieName, cookieValue } from './consent';
import CookiesPage from './CookiesPage';

const clear = () => (document.cookie = `${consentCookieName}=; path=/; max-age=0`);
beforeEach(() => {
  clear();
  stubApi({});
});
afterEach(() => {
  clear();
  vi.unstubAllGlobals();
});

describe('CookiesPage', () => {
  it('shows the three categories and the current choice', async () => {
    document.cookie = `${consentCookieName}=v1.a1.p0; path=/`;
    renderPage(<CookiesPage />, ['/cookies']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeInTheDocument();
    for (const name of ['Essential Cookies', 'Analytics Cookies', 'Preference Cookies']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('consent-analytics')).toHaveTextContent('On');
    expect(screen.getByTestId('consent-preferences')).toHaveTextContent('Off');
    expect(screen.queryByTestId('consent-not-chosen')).toBeNull();
  });

  it('Accept All and Preferences change the stored choice', async () => {
    renderPage(<CookiesPage />, ['/cookies']);
    expect(await screen.findByTestId('consent-not-chosen')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(cookieValue(document.cookie, consentCookieName)).toBe('v1.a1.p1');
    expect(screen.getByTestId('consent-analytics')).toHaveTextContent('On');
    expect(screen.getByRole('status')).toHaveTextContent('Your cookie choice has been saved.');

    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(within(dialog).getByRole('switch', { name: /Analytics cookies/ })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: /Analytics cookies/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save preferences' }));
    expect(cookieValue(document.cookie, consentCookieName)).toBe('v1.a0.p1');
    expect(screen.getByTestId('consent-analytics')).toHaveTextContent('Off');
  });
});
