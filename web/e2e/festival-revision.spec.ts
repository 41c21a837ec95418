import { expect, test } from '@playwright/test';
import { createAdmin, isoInMonths, logInViaApi, presetCookieConsent, seriousViolations, signUpViaApi, uniqueEmail } from './helpers';

test('an organiser renames an approved festival: the public page keeps the approved name until an admin approves the change', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await presetCookieConsent(page.context(), baseURL!);
  await signUpViaApi(page, uniqueEmail('revision-organiser'), 'organiser-password');
  const suffix = Date.now() % 100000;
  const name = `Harbour Lights ${suffix}`;
  const renamed = `Harbour Lights Prize ${suffix}`;
  const created = await page.request.post('/api/v1/festivals', {
    data: {
      name,
      description: 'Short films by the sea.',
      location: 'Harbour Hall',
      country: 'GB',
      city: 'Bristol',
      website: 'https://harbour.example.org',
      startDate: isoInMonths(3, 10),
      endDate: isoInMonths(3, 12),
      contactEmail: 'team@harbour.example.org',
    },
  });
  expect(created.status()).toBe(201);
  const { festival } = await created.json();

  const adminEmail = uniqueEmail('revision-admin');
  createAdmin(adminEmail, 'admin-password-1');
  const adminContext = await browser.newContext();
  await presetCookieConsent(adminContext, baseURL!);
  const admin = await adminContext.newPage();
  await logInViaApi(admin, adminEmail, 'admin-password-1');
  expect((await admin.request.post(`/api/v1/admin/festivals/${festival.id}/approve`)).ok()).toBeTruthy();

  // The organiser renames it in the editor: the change waits for review.
  await page.goto(`/manage/festivals/${festival.slug}`);
  await expect(page.getByTestId('revision-hint')).toBeVisible();
  await page.getByLabel('Festival Name').fill(renamed);
  await page.getByRole('button', { name: 'Save details' }).click();
  const notice = page.getByTestId('revision-notice');
  await expect(notice).toContainText('Changes waiting for review');
  await expect(notice).toContainText(renamed);
  await expect(page.getByLabel('Festival Name')).toHaveValue(renamed);

  // The public page still shows the approved name.
  await page.goto(`/festival/${festival.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The admin sees the change in the queue, with the old and new name, and approves it.
  await admin.goto('/admin/festivals?status=revision');
  const row = admin.getByTestId('admin-festival-row').filter({ hasText: name });
  await expect(row.getByTestId('revision-change').first()).toContainText(renamed);
  expect(await seriousViolations(admin)).toEqual([]);
  await row.getByRole('button', { name: `Approve the changes to ${name}` }).click();
  await expect(admin.getByText(`The changes to ${renamed} are approved and now public.`)).toBeVisible();
  await adminContext.close();

  // The public page and the search show the new name.
  await page.goto(`/festival/${festival.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  const found = await page.request.get(`/api/v1/festivals?q=${encodeURIComponent(`prize ${suffix}`)}`);
  expect((await found.json()).total).toBe(1);
});
