// Reports the JavaScript a page downloads: every script response's size on
// the wire (gzip, as `marquee serve` sends it) and decoded.
// Usage: node scripts/home-js-size.mjs [URL]   (default http://127.0.0.1:8080/)
import { chromium } from '@playwright/test';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const browser = await chromium.launch({
  executablePath: process.env.MARQUEE_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
});
const page = await browser.newPage();
const scripts = [];
page.on('requestfinished', async (request) => {
  const response = await request.response();
  if (!response || request.resourceType() !== 'script') return;
  const sizes = await request.sizes();
  const body = await response.body();
  scripts.push({ name: new URL(request.url()).pathname, wire: sizes.responseBodySize, decoded: body.length });
});
await page.goto(url, { waitUntil: 'networkidle' });
await browser.close();
scripts.sort((a, b) => b.wire - a.wire);
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
for (const s of scripts) console.log(`${kb(s.wire)} gzip ${kb(s.decoded)} raw  ${s.name}`);
const total = scripts.reduce((t, s) => ({ wire: t.wire + s.wire, decoded: t.decoded + s.decoded }), { wire: 0, decoded: 0 });
console.log(`${kb(total.wire)} gzip ${kb(total.decoded)} raw  total, ${scripts.length} files for ${url}`);
