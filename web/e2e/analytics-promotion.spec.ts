import { expect, test } from '@playwright/test';
import { createAdmin, isoInMonths, logInViaApi, presetCookieConsent, seriousViolations, signUpViaApi, uniqueEmail } from './helpers';

test('an organiser reads the analytics with the charts drawn, then promotes the festival for 7 days and finds it featured on the home page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await presetCookieConsent(page.context(), baseURL!);
  await signUpViaApi(page, uniqueEmail('promo-organiser'), 'organiser-password');
  // Credits through the test-mode checkout (the server prices the package).
  const paid = await page.request.post('/api/v1/payments', {
    data: { packageId: 'pro', country: 'US', paymentMethodId: 'pm_card_visa' },
  });
  expect(paid.ok()).toBeTruthy();
  const suffix = Date.now() % 100000;
  const name = `Tideline Shorts ${suffix}`;
  const created = await page.request.post('/api/v1/festivals', {
    data: {
      name,
      description: 'Short films on the shore.',
      location: 'Pier Cinema',
      country: 'PT',
      city: 'Porto',
      website: 'https://tideline.example.org',
      startDate: isoInMonths(3, 10),
      endDate: isoInMonths(3, 12),
      contactEmail: 'team@tideline.example.org',
    },
  });
  expect(created.status()).toBe(201);
  const { festival } = await created.json();
  const adminEmail = uniqueEmail('promo-admin');
  createAdmin(adminEmail, 'admin-password-1');
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInViaApi(admin, adminEmail, 'admin-password-1');
  expect((await admin.request.post(`/api/v1/admin/festivals/${festival.id}/approve`)).ok()).toBeTruthy();
  await adminContext.close();

  // A view of the public page is counted (the beacon), then the analytics show it.
  const beacon = page.waitForResponse((r) => r.url().endsWith(`/api/v1/festivals/${festival.slug}/views`));
  await page.goto(`/festival/${festival.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect((await beacon).status()).toBe(204);

  await page.goto(`/manage/festivals/${festival.slug}/analytics?range=7d`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const views = page.getByTestId('analytics-views');
  await expect(views.getByText('Public page views')).toBeVisible();
  // The charts are drawn: their SVG lines have points.
  const line = views.locator('svg path.recharts-area-curve').first();
  await expect(line).toHaveAttribute('d', /^M[\d.]+,[\d.]+(L|C)[\d.]+/);
  const submissionsLine = page.getByTestId('analytics-submissions').locator('svg path.recharts-line-curve').first();
  await expect(submissionsLine).toHaveAttribute('d', /^M[\d.]+,[\d.]+(L|C)[\d.]+/);
  await expect(page.getByText('Unique visitors')).toBeVisible();
  await expect(page.getByTestId('analytics-views').getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/v1/manage/festivals/${festival.slug}/analytics/views.csv?range=7d`,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Get Started on the promotion page leads a signed-in organiser to the promotion screen.
  await page.goto('/marketing');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/manage\/promotion$/);
  const card = page.getByTestId(`promote-${festival.slug}`);
  await expect(card).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('radio', { name: /^7 days/ }).check({ force: true });
  await card.getByRole('button', { name: 'Promote for 7 days' }).click();
  // Credits are spent from the confirmation only.
  await page.getByRole('dialog').getByRole('button', { name: /^Pay \d+ credits$/ }).click();
  await expect(card.getByText(/Featured until/)).toBeVisible();
  await expect(page.getByTestId('promotion-balance')).toHaveText('Your balance: 50 credits');

  // The home page's strip shows it, labelled Featured.
  await page.goto('/');
  const strip = page.getByTestId('featured-strip');
  await expect(strip.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(strip.getByText('Featured', { exact: true }).first()).toBeVisible();
});
