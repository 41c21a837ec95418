import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { BulkMessages } from './BulkSection';

afterEach(() => vi.unstubAllGlobals());
// jsdom has no document.fonts, which the autosized message box listens to.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

const base = '/api/v1/manage/festivals/kobe';
const previews = {
  recipients: 3,
  previews: ['en', 'ja', 'zh'].map((language) => ({ language, subject: `Kobe: Passes (${language})`, body: `Body in ${language}` })),
};

function stub() {
  return stubApi({
    [`GET ${base}/statuses`]: { status: 200, body: { statuses: [] } },
    [`POST ${base}/bulk-messages/preview`]: { status: 200, body: previews },
    [`POST ${base}/bulk-messages`]: { status: 201, body: { id: 9, recipients: 3 } },
  });
}

const sends = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([u, init]) => String(u).endsWith('/bulk-messages') && init?.method === 'POST');

async function previewed() {
  const user = userEvent.setup();
  renderPage(<BulkMessages slug="kobe" />);
  await user.type(await screen.findByTestId('bulk-subject'), 'Passes');
  await user.type(screen.getByTestId('bulk-body'), 'Thank you.');
  await user.click(screen.getByTestId('bulk-preview'));
  return { user, send: await screen.findByTestId('bulk-send') };
}

describe('BulkMessages', () => {
  it('sends one preview once, however many times its button is clicked', async () => {
    const fetch = stub();
    const { send } = await previewed();
    // Both clicks land before the button can show it is busy.
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByTestId('bulk-sent')).toHaveTextContent('Sent to 3 filmmakers.');
    expect(sends(fetch)).toHaveLength(1);
    expect(bodyOf(sends(fetch)[0][1])).toMatchObject({ subject: 'Passes', body: 'Thank you.', key: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/) });
    expect(screen.queryByTestId('bulk-send')).toBeNull();
  });

  it('sends again after a failed send with the same key, and a new preview is a new send with a new key', async () => {
    let fail = true;
    const fetch = stubApi({
      [`GET ${base}/statuses`]: { status: 200, body: { statuses: [] } },
      [`POST ${base}/bulk-messages/preview`]: { status: 200, body: previews },
      [`POST ${base}/bulk-messages`]: () => (fail ? { status: 500, body: { message: 'boom', code: 'internal' } } : { status: 201, body: { id: 9, recipients: 3 } }),
    });
    const { user, send } = await previewed();
    await user.click(send);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByTestId('bulk-send'));
    expect(await screen.findByTestId('bulk-sent')).toBeInTheDocument();
    await user.click(screen.getByTestId('bulk-preview'));
    await user.click(await screen.findByTestId('bulk-send'));
    await vi.waitFor(() => expect(sends(fetch)).toHaveLength(3));
    const keys = sends(fetch).map(([, init]) => (bodyOf(init) as { key: string }).key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('names the preview of each language in the reader’s language', async () => {
    stub();
    const names = { en: ['English', 'Japanese', 'Chinese'], ja: ['英語', '日本語', '中国語'], zh: ['英语', '日语', '中文'] };
    try {
      for (const [lang, expected] of Object.entries(names)) {
        await i18n.changeLanguage(lang);
        const { unmount } = renderPage(<BulkMessages slug="kobe" />);
        const user = userEvent.setup();
        await user.type(await screen.findByTestId('bulk-subject'), 'Passes');
        await user.type(screen.getByTestId('bulk-body'), 'Thank you.');
        await user.click(screen.getByTestId('bulk-preview'));
        const cards = await screen.findByTestId('bulk-previews');
        expect(['en', 'ja', 'zh'].map((l) => within(cards).getByTestId(`bulk-preview-${l}`).firstChild?.textContent)).toEqual(expected);
        unmount();
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
