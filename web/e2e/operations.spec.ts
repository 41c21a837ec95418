import { expect, test } from '@playwright/test';
import { expectedSeries, metricsToken } from './operations';

// An operator scrapes the running site's /metrics (behind its bearer
// token, MARQUEE_METRICS_TOKEN) while the browser tests run, and finds
// the series of the requests they make. global-teardown.ts scrapes again
// after all of them and checks the server's log.
test('the metrics show the requests the site answers, behind the token', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect((await request.get('/api/v1/festivals?q=film')).status()).toBe(200);
  expect((await request.get('/api/v1/site')).status()).toBe(200);

  expect((await request.get('/metrics')).status()).toBe(401);
  expect((await request.get('/metrics', { headers: { Authorization: 'Bearer not-the-token' } })).status()).toBe(401);

  // The worker ticks every second in these tests: its jobs show once it has.
  await expect
    .poll(async () => {
      const res = await request.get('/metrics', { headers: { Authorization: `Bearer ${metricsToken}` } });
      expect(res.status()).toBe(200);
      const text = await res.text();
      return expectedSeries.filter((re) => !re.test(text)).map(String);
    })
    .toEqual([]);

  const text = await (await request.get('/metrics', { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
  // Route labels are patterns, never paths with their ids or queries.
  for (const [, route] of text.matchAll(/route="([^"]*)"/g)) {
    expect(route === 'unmatched' || /^([A-Z]+ )?\//.test(route), route).toBe(true);
    expect(route).not.toContain('?');
    expect(route, 'an id in a route label').not.toMatch(/\/\d+(\/|$)/);
  }
});
