import { expect, request, test, type Page } from '@playwright/test';
import { collectConsoleErrors, createApprovedFestival, isoInMonths, presetCookieConsent, uniqueEmail } from './helpers';

/** A word no other festival has: letters only (the assistant drops numbers). */
function uniqueWord(): string {
  const letters = 'abcdefghij';
  return 'Kaze' + `${Date.now()}${process.pid}`.replace(/\d/g, (d) => letters[Number(d)]);
}

/** The texts the journey reads, in each language it runs in. */
const texts = {
  en: {
    discover: 'Discover Festivals',
    search: 'Search',
    question: 'Your question',
    ask: 'Ask Now',
    remindFor: (category: string) => `Remind me of a deadline of ${category}`,
    late: /^Late deadline: /,
    weekBefore: 'One week before',
    signIn: 'Sign in to set this reminder',
    email: 'Email',
    password: /^Password/,
    login: 'Login',
    deadlineLine: (category: string) => `Late deadline · ${category}`,
  },
  ja: {
    discover: '映画祭を探す',
    search: 'キーワード',
    question: 'ご質問',
    ask: '今すぐ質問',
    remindFor: (category: string) => `「${category}」の締切をリマインド`,
    late: /^延長締切：/,
    weekBefore: '1週間前',
    signIn: 'ログインしてリマインダーを設定',
    email: 'メールアドレス',
    password: /^パスワード( \*)?$/,
    login: 'ログイン',
    deadlineLine: (category: string) => `延長締切・${category}`,
  },
} as const;

/** noSidewaysScroll checks that the page fits the phone's width. */
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const [lang, phone] of [
  ['en', false],
  ['ja', true],
] as const) {
  test(`a visitor (${lang}${phone ? ', 390 px' : ''}) searches, asks, opens a festival, asks to be reminded of a deadline, signs in and has the reminder`, async ({
    page,
    baseURL,
  }) => {
    const t = texts[lang];
    const errors = collectConsoleErrors(page);
    await presetCookieConsent(page.context(), baseURL!);
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((l) => window.localStorage.setItem('selectedLanguage', l), lang);

    // An approved festival in Lisbon with a documentary category whose
    // regular and late deadlines are to come.
    const word = uniqueWord();
    const name = `${word} Documentary Days`;
    const category = `${word} Documentary`;
    const festival = await createApprovedFestival(
      baseURL!,
      {
        organiser: { email: uniqueEmail('discovery-org'), password: 'organiser-password-1' },
        admin: { email: uniqueEmail('discovery-admin'), password: 'admin-password-1' },
      },
      {
        name,
        description: 'Documentaries "from" the river & the sea <every> autumn.',
        location: 'Cinema São Jorge',
        country: 'PT',
        city: 'Lisbon',
        startDate: isoInMonths(4, 10),
        endDate: isoInMonths(4, 14),
        contactEmail: 'team@kaze.example.org',
      },
      async (org, f) => {
        const res = await org.put(`/api/v1/manage/festivals/${f.slug}/categories`, {
          data: {
            version: f.version,
            categories: [
              {
                name: category,
                description: '',
                deadlines: [
                  { tier: 'regular', date: isoInMonths(2, 10), fee: 10 },
                  { tier: 'late', date: isoInMonths(2, 25), fee: 20 },
                ],
              },
            ],
          },
        });
        expect(res.ok()).toBeTruthy();
      },
    );
    // The account the visitor will sign in with.
    const email = uniqueEmail('discovery');
    const accounts = await request.newContext({ baseURL });
    expect((await accounts.post('/api/v1/user/register', { data: { email, password: 'visitor-password-1' } })).status()).toBe(201);
    await accounts.dispose();

    // Discovery works signed out: search finds the festival.
    await page.goto('/festivals');
    await expect(page).toHaveURL(/\/festivals$/);
    await expect(page.getByRole('heading', { level: 1, name: t.discover })).toBeVisible();
    await page.getByRole('searchbox', { name: t.search }).fill(word);
    const card = page.getByTestId('festival-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('festival-card')).toHaveCount(1);
    if (phone) await noSidewaysScroll(page);

    // The assistant answers a visitor, naming the festival.
    // (The page is inert while the search's address change is pending.)
    await expect(page.locator('main')).not.toHaveAttribute('data-pending', 'true');
    const block = page.getByTestId('festival-inquiry');
    const question = lang === 'ja' ? `リスボンの${word}映画祭` : `${word} festivals in Lisbon`;
    const box = block.getByRole('textbox', { name: t.question });
    await box.fill(question);
    await expect(box).toHaveValue(question);
    await block.getByRole('button', { name: t.ask }).click();
    const answer = block.getByTestId('inquiry-answer');
    await expect(answer.getByRole('link', { name })).toHaveAttribute('href', `/festival/${festival.slug}`);

    // The festival page, and its tags in the page source.
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/festival/${festival.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const source = await page.request.get(`/festival/${festival.slug}`);
    expect(source.status()).toBe(200);
    const html = await source.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const escaped = 'Documentaries &#34;from&#34; the river &amp; the sea &lt;every&gt; autumn.';
    expect(head).toContain(`<title>${name} | Marquee</title>`);
    expect(head).toContain(`<meta name="description" content="${escaped}" />`);
    expect(head).toContain(`<meta property="og:title" content="${name}" />`);
    expect(head).toContain(`<meta property="og:description" content="${escaped}" />`);
    expect(head).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+/festival/${festival.slug}" />`));
    expect(head).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/images\/og\/marquee\.png" \/>/);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/festival/${festival.slug}" />`));
    expect(head).not.toContain('<every>');
    // The picture the tags name is served.
    const image = await page.request.get('/images/og/marquee.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    if (phone) await noSidewaysScroll(page);

    // Remind me of the late deadline, one week before: a visitor is asked to sign in.
    await page.getByRole('button', { name: t.remindFor(category) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: t.late }).check();
    await dialog.getByRole('radio', { name: t.weekBefore }).check();
    if (phone) await noSidewaysScroll(page);
    await dialog.getByRole('link', { name: t.signIn }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password).fill('visitor-password-1');
    await page.getByRole('main').getByRole('button', { name: t.login }).click();

    // Back on the festival page, signed in: the reminder is set.
    await expect(page.getByTestId('deadline-reminder-saved')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/festival/${festival.slug}$`));
    const { items } = (await (await page.request.get('/api/v1/reminders')).json()) as {
      items: { festivalSlug: string; categoryName: string; tier: string; preference: string; date: string; language: string }[];
    };
    expect(items).toEqual([
      expect.objectContaining({
        festivalSlug: festival.slug,
        categoryName: category,
        tier: 'late',
        preference: 'one-week-before',
        date: isoInMonths(2, 25),
        language: lang,
      }),
    ]);
    await page.goto('/manage#reminders');
    await expect(page.getByTestId('reminder-deadline')).toHaveText(t.deadlineLine(category));
    if (phone) await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
}
