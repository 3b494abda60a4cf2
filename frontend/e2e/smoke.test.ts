import { describe, expect, it } from 'vitest';
import gamesEn from '../src/locales/en/games.json';
import homeEn from '../src/locales/en/home.json';
import gamesTr from '../src/locales/tr/games.json';
import homeTr from '../src/locales/tr/home.json';
import { newContext, withStackAndBrowser } from './harness/index.js';

const e2e = withStackAndBrowser();

describe('the gateway serves the web app to a real browser', () => {
  it('renders the app shell on the home page with no script errors or blocked resources', async () => {
    const context = await newContext(e2e.browser, 'tr');
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });

    const response = await page.goto(e2e.stack.baseUrl);
    await page.locator('#root > *').first().waitFor();

    expect(response?.status()).toBe(200);
    expect(await page.title()).not.toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a deep link to a client route on the same shell', async () => {
    const context = await newContext(e2e.browser, 'en');
    const page = await context.newPage();

    const response = await page.goto(`${e2e.stack.baseUrl}/games`);
    await page.locator('#root > *').first().waitFor();

    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  // The build pre-renders these pages (scripts/prerender.ts); the gateway picks the visitor's language.
  const HEADINGS = {
    tr: { '/': homeTr.hero.title, '/games': gamesTr.title, '/gameplay?type=toplama': 'Toplama Oyunu' },
    en: { '/': homeEn.hero.title, '/games': gamesEn.title, '/gameplay?type=toplama': 'Addition Game' },
  } as const;

  for (const lang of ['tr', 'en'] as const) {
    for (const path of ['/', '/games', '/gameplay?type=toplama'] as const) {
      it(`sends ${path} already drawn in ${lang} and brings it to life without re-drawing it`, async () => {
        // Without JavaScript (what the child sees while it downloads): the page, in the browser's language.
        const still = await newContext(e2e.browser, lang, { javaScriptEnabled: false });
        const stillPage = await still.newPage();
        await stillPage.goto(`${e2e.stack.baseUrl}${path}`);
        expect(await stillPage.locator('h1').textContent()).toBe(HEADINGS[lang][path]);
        expect(await stillPage.locator('html').getAttribute('lang')).toBe(lang);
        await still.close();

        // With JavaScript: React adopts the same elements (a mismatch would throw React error #418).
        const context = await newContext(e2e.browser, lang);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (err) => errors.push(err.message));
        await page.goto(`${e2e.stack.baseUrl}${path}`);
        const heading = await page.locator('h1').elementHandle();
        await page.waitForFunction(() => document.querySelector('#root a[href="/faq"]') !== null);
        // Hydrated: a link now navigates inside the app, and the pre-rendered heading was kept, not replaced.
        await expect
          .poll(() =>
            page.evaluate(
              (h) => h?.isConnected && Object.keys(h).some((k) => k.startsWith('__react')),
              heading,
            ),
          )
          .toBe(true);
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        await page.locator('footer a[href="/faq"]').click();
        await page.waitForURL(`${e2e.stack.baseUrl}/faq`);
        expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
