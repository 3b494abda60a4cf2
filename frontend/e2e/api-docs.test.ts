import { mkdirSync } from 'node:fs';
import { API_OPERATIONS } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import { newContext, withStackAndBrowser } from './harness/index.js';

const e2e = withStackAndBrowser({ smtp: false });

describe('the API document for people', () => {
  it('shows every operation at /api/docs from this origin alone, under the page CSP', async () => {
    const context = await newContext(e2e.browser, 'en');
    const page = await context.newPage();
    const origin = new URL(e2e.stack.baseUrl).origin;
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) {
        problems.push(`request to another origin: ${request.url()}`);
      }
    });

    const response = await page.goto(`${e2e.stack.baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    // Swagger UI draws one block per operation once it has read /api/openapi.json.
    await expect
      .poll(() => page.locator('.opblock').count(), { timeout: 30_000 })
      .toBe(API_OPERATIONS.length);
    expect(await page.locator('.info .title').textContent()).toContain('Math Games API');

    mkdirSync('.tmp/screenshots', { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '.tmp/screenshots/api-docs.png' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
