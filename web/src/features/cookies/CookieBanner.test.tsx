import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { consentCookieName, cookieValue } from './consent';
import { CookieBanner } from './CookieBanner';

const stored = () => cookieValue(document.cookie, consentCookieName);

beforeEach(() => {
  document.cookie = `${consentCookieName}=; path=/; max-age=0`;
  window.localStorage.clear();
  stubApi({});
});
afterEach(() => {
  document.cookie = `${consentCookieName}=; path=/; max-age=0`;
  vi.unstubAllGlobals();
});

describe('CookieBanner', () => {
  it('asks a first-time visitor in a labelled region with three choices and a policy link', async () => {
    renderPage(<CookieBanner />);
    const region = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(within(region).getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Essential only' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Preferences' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Read our cookie policy' })).toHaveAttribute('href', '/cookies');
  });

  it('stays hidden once a choice is stored', async () => {
    document.cookie = `${consentCookieName}=v1.a0.p0; path=/`;
    renderPage(
      <>
        <p>page</p>
        <CookieBanner />
      </>,
    );
    await screen.findByText('page');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('asks again when the stored cookie is not valid', async () => {
    document.cookie = `${consentCookieName}=accepted; path=/`;
    renderPage(<CookieBanner />);
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
  });

  it('Accept All stores full consent in the cookie and hides the banner', async () => {
    renderPage(<CookieBanner />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept All' }));
    expect(stored()).toBe('v1.a1.p1');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('Essential only stores no optional consent', async () => {
    renderPage(<CookieBanner />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Essential only' }));
    expect(stored()).toBe('v1.a0.p0');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Preferences opens a dialog with essential always on and saves the toggles', async () => {
    renderPage(<CookieBanner />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    const essential = within(dialog).getByRole('switch', { name: /Essential cookies/ });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    const analytics = within(dialog).getByRole('switch', { name: /Analytics cookies/ });
    const preferences = within(dialog).getByRole('switch', { name: /Preference cookies/ });
    expect(analytics).not.toBeChecked();
    expect(preferences).not.toBeChecked();
    await user.click(analytics);
    expect(analytics).toBeChecked();
    expect(stored()).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save preferences' }));
    expect(stored()).toBe('v1.a1.p0');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('cancelling the dialog keeps the banner and stores nothing', async () => {
    renderPage(<CookieBanner />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored()).toBeNull();
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
  });
});
