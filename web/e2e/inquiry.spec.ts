import { expect, test } from '@playwright/test';
import {
  collectConsoleErrors,
  createAdmin,
  isoInMonths,
  logInViaApi,
  ok,
  presetCookieConsent,
  seriousViolations,
  signUpViaApi,
  uniqueEmail,
} from './helpers';

/** A word no other festival has: letters only (the assistant drops numbers). */
function uniqueWord(): string {
  const letters = 'abcdefghij';
  return 'Hoshi' + `${Date.now()}${process.pid}`.replace(/\d/g, (d) => letters[Number(d)]);
}

test('a user asks the assistant in Japanese, follows up in the same conversation and follows a festival link; Ask Now is disabled and Stop shown while the answer streams', async ({
  browser,
  page,
  baseURL,
}) => {
  const errors = collectConsoleErrors(page);
  await presetCookieConsent(page.context(), baseURL!);
  await page.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));

  // An approved festival in Tokyo, open for submissions, free to enter.
  const word = uniqueWord();
  const name = `${word} Tokyo Short Film Days`;
  await signUpViaApi(page, uniqueEmail('inquiry'), 'inquiry-password-1');
  const { festival } = await ok<{ festival: { id: number; slug: string; version: number } }>(
    await page.request.post('/api/v1/festivals', {
      data: {
        name,
        description: '世界の短編映画を上映します。',
        location: 'Shibuya, Tokyo',
        country: 'JP',
        city: 'Tokyo',
        startDate: isoInMonths(3, 10),
        endDate: isoInMonths(3, 14),
        contactEmail: 'team@hoshi.example.org',
      },
    }),
  );
  await ok(
    await page.request.put(`/api/v1/manage/festivals/${festival.slug}/categories`, {
      data: {
        version: festival.version,
        categories: [{ name: '短編', description: '', deadlines: [{ tier: 'regular', date: isoInMonths(2, 15), fee: 0 }] }],
      },
    }),
  );
  const adminEmail = uniqueEmail('inquiry-admin');
  createAdmin(adminEmail, 'admin-password-1');
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInViaApi(admin, adminEmail, 'admin-password-1');
  await ok(await admin.request.post(`/api/v1/admin/festivals/${festival.id}/approve`));
  await adminContext.close();

  await page.goto('/festivals');
  const block = page.getByTestId('festival-inquiry');
  await expect(block.getByRole('heading', { name: '映画祭について何でも質問' })).toBeVisible();
  await expect(block.getByRole('heading', { name: '使い方' })).toBeVisible();

  // An example fills the question box.
  await block.getByRole('button', { name: /3月のアニメ映画祭/ }).click();
  const box = block.getByRole('textbox', { name: 'ご質問' });
  await expect(box).toHaveValue('3月のアニメ映画祭');
  await expect(box).toHaveAttribute('rows', '4');

  // The answer (the data-only stream: test mode has no model) is held
  // until the busy button and Stop have been seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const asked: { question: string; history: { role: string; text: string }[] }[] = [];
  await page.route('**/api/v1/inquiries/stream', async (route) => {
    asked.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });

  await box.fill(`東京の${word}映画祭の締切はいつですか？`);
  await block.getByRole('button', { name: '今すぐ質問' }).click();
  const busy = block.getByRole('button', { name: '読み込み中...' });
  await expect(busy).toBeDisabled();
  await expect(block.getByRole('button', { name: '停止' })).toBeVisible();
  expect(asked[0]).toEqual({ question: `東京の${word}映画祭の締切はいつですか？`, history: [] });
  release();

  const answer = block.getByTestId('inquiry-answer').first();
  await expect(answer.getByRole('heading', { name: '回答：' })).toBeVisible();
  await expect(answer.getByTestId('inquiry-answer-text')).toHaveText('Marquee でご質問に合う映画祭が1件見つかりました：');
  await expect(block.getByRole('button', { name: '今すぐ質問' })).toBeEnabled();
  await expect(block.getByRole('button', { name: '停止' })).toHaveCount(0);
  const item = answer.getByTestId('inquiry-festival');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('次の締切：');
  await expect(item).toContainText('応募無料');
  const link = item.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', `/festival/${festival.slug}`);
  expect(await seriousViolations(page)).toEqual([]);

  // A follow-up carries the conversation so far.
  await expect(box).toHaveValue('');
  await box.fill(`${word}の短編は無料ですか？`);
  await block.getByRole('button', { name: '今すぐ質問' }).click();
  await expect(block.getByTestId('inquiry-answer')).toHaveCount(2);
  expect(asked[1]).toEqual({
    question: `${word}の短編は無料ですか？`,
    history: [
      { role: 'user', text: `東京の${word}映画祭の締切はいつですか？` },
      { role: 'assistant', text: 'Marquee でご質問に合う映画祭が1件見つかりました：' },
    ],
  });
  await expect(block.getByTestId('inquiry-answer').nth(1).getByTestId('inquiry-festival')).toHaveCount(1);

  // On a phone (390 px), nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/festival/${festival.slug}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});
