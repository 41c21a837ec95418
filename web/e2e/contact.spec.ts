import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, createAdmin, logInViaApi, presetCookieConsent, uniqueEmail, seriousViolations } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

function uniqueSubject(label: string) {
  return `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

async function fillContactForm(page: Page, v: { name: string; email: string; subject: string; message: string }) {
  await page.getByLabel('Your name').fill(v.name);
  await page.getByLabel('Your e-mail').fill(v.email);
  await page.getByLabel('Subject').fill(v.subject);
  await page.getByRole('textbox', { name: 'Message' }).fill(v.message);
}

test('a visitor sends a message from the contact page and sees the confirmation', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page).toHaveTitle(/Contact Us/);
  const info = page.getByTestId('contact-info');
  await expect(info.getByTestId('support-email')).toHaveAttribute('href', /^mailto:.+@.+/);
  await expect(info.getByTestId('support-phone')).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(info.getByTestId('support-address')).not.toBeEmpty();
  expect(await seriousViolations(page)).toEqual([]);

  const email = uniqueEmail('sender');
  await fillContactForm(page, {
    name: 'Mika Sato',
    email,
    subject: uniqueSubject('Submission question'),
    message: 'Can I submit a short documentary to two categories?',
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  const success = page.getByTestId('contact-success');
  await expect(success).toBeVisible();
  await expect(success).toContainText(email);
  await expect(page.getByLabel('Your name')).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  // A visitor's GET /api/v1/me answers 401 by contract; the browser logs that as a failed resource.
  expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
});

test('an empty submission shows an error beside each field and sends nothing', async ({ page }) => {
  await page.goto('/contact');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v1/contact')) posted = true;
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your e-mail address.')).toBeVisible();
  await expect(page.getByText('Please enter a subject.')).toBeVisible();
  await expect(page.getByText('Please write your message.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your name')).toBeFocused();
  await page.getByLabel('Your name').fill('Ana');
  await expect(page.getByText('Please enter your name.')).toHaveCount(0);
  expect(posted).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the honeypot is invisible and cannot be reached with the keyboard', async ({ page }) => {
  await page.goto('/contact');
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveCount(1);
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
  // Tabbing through the form goes from the message straight to the button.
  await page.getByRole('textbox', { name: 'Message' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
});

test('an admin sees a message, marks it handled and finds it under Handled; honeypot messages never arrive', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const subject = uniqueSubject('Screening room booking');
  const botSubject = uniqueSubject('Cheap followers');
  await page.goto('/contact');
  await fillContactForm(page, {
    name: 'Lena Park',
    email: uniqueEmail('lena'),
    subject,
    message: 'We would like to book your screening room in May.',
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-success')).toBeVisible();

  const bot = await page.request.post('/api/v1/contact', {
    data: {
      name: 'Bot',
      email: 'bot@example.com',
      subject: botSubject,
      message: 'Buy cheap followers today!',
      website: 'http://spam.example',
    },
  });
  expect(bot.status()).toBe(201);

  const adminEmail = uniqueEmail('admin');
  const password = 'admin-password-1';
  createAdmin(adminEmail, password);
  await logInViaApi(page, adminEmail, password);
  await page.goto('/admin/messages');
  await expect(page).toHaveURL(/\/admin\/messages$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
  const filter = page.getByTestId('messages-filter');
  await expect(filter.getByRole('radio', { name: 'Open' })).toBeChecked();
  const item = page.getByTestId('message-item').filter({ hasText: subject });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Lena Park');
  await expect(item).toContainText('We would like to book your screening room in May.');
  await expect(item.getByRole('link', { name: /@example\.com/ })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByText(botSubject)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await item.getByRole('button', { name: /Mark handled/ }).click();
  await expect(page.getByTestId('message-item').filter({ hasText: subject })).toHaveCount(0);

  await filter.getByText('Handled').click();
  await expect(page).toHaveURL(/status=handled/);
  const handled = page.getByTestId('message-item').filter({ hasText: subject });
  await expect(handled).toBeVisible();
  await expect(handled).toContainText(/Handled on/);

  await filter.getByText('All').click();
  await expect(page.getByTestId('message-item').filter({ hasText: subject })).toBeVisible();
  await expect(page.getByText(botSubject)).toHaveCount(0);

  // Reopen brings it back to Open.
  await page.getByTestId('message-item').filter({ hasText: subject }).getByRole('button', { name: /Reopen/ }).click();
  await filter.getByText('Open').click();
  await expect(page.getByTestId('message-item').filter({ hasText: subject })).toBeVisible();
  // A visitor's GET /api/v1/me answers 401 by contract; the browser logs that as a failed resource.
  expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
});
