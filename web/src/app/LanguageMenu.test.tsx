import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '../i18n';
import { LanguageMenu } from './LanguageMenu';
import { renderWithProviders } from '../test/utils';

afterEach(async () => {
  await act(() => setLanguage('en'));
  window.localStorage.clear();
});

describe('LanguageMenu', () => {
  it('switches to Japanese, remembers the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageMenu />);
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: /日本語/ }, { timeout: 4000 }));
    await waitFor(() => expect(i18n.language).toBe('ja'));
    expect(window.localStorage.getItem('selectedLanguage')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(Object.keys(window.localStorage)).toEqual(['selectedLanguage']);
    expect(await screen.findByRole('button', { name: '言語：日本語' })).toBeInTheDocument();
    // The menu closes shortly after the choice.
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: /中文/ })).not.toBeInTheDocument());
  });

  it('uses zh-Hans for Chinese', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageMenu />);
    await user.click(screen.getByRole('button', { name: /English/ }));
    await user.click(await screen.findByRole('menuitem', { name: /中文/ }, { timeout: 4000 }));
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-Hans'));
    expect(window.localStorage.getItem('selectedLanguage')).toBe('zh');
  });
});
