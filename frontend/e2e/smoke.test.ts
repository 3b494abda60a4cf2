import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebAppBuilt, launchBrowser, newContext, type Stack, startStack } from './harness/index.js';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  [stack, browser] = await Promise.all([startStack({ smtp: false }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the gateway serves the web app to a real browser', () => {
  it('renders the app shell on the home page with no script errors or blocked resources', async () => {
    const context = await newContext(browser, 'tr');
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });

    const response = await page.goto(stack.baseUrl);
    await page.locator('#root > *').first().waitFor();

    expect(response?.status()).toBe(200);
    expect(await page.title()).not.toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a deep link to a client route on the same shell', async () => {
    const context = await newContext(browser, 'en');
    const page = await context.newPage();

    const response = await page.goto(`${stack.baseUrl}/games`);
    await page.locator('#root > *').first().waitFor();

    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });
});
