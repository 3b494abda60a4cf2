/// <reference types="node" />
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newContext, offlineHelpers, registeredUser, withOfflineStack } from './harness/index.js';

/**
 * Offline play (docs/offline.md): pages loaded with no network (in the app's language), the last known progress, and a new build
 * deployed under an open tab (the gateway serves a copy of the build, `withOfflineStack`).
 */
const { e2e, spaDir } = withOfflineStack();
const { statistics, openOnce, playFive, expectSaveState } = offlineHelpers(e2e);

describe('an offline page load', () => {
  for (const lang of ['tr', 'en'] as const) {
    it(`in ${lang} gets the route's pre-rendered page, or the shell in ${lang}, never the other language`, async () => {
      const context = await newContext(e2e.browser, lang);
      const page = await context.newPage();
      await openOnce(page);
      await context.setOffline(true);
      const other = lang === 'tr' ? 'en' : 'tr';
      // A topic's game settings screen is drawn ahead of time too.
      for (const [path, heading] of [
        ['/', 'hero-play'],
        ['/games', 'play-addition'],
        ['/gameplay?type=toplama', 'start-game'],
      ] as const) {
        const response = await page.goto(`${e2e.stack.baseUrl}${path}`);
        expect(response?.fromServiceWorker()).toBe(true);
        // What paints first, before any script: the page drawn in the right language.
        const html = (await response?.text()) ?? '';
        expect(html).toContain(`<html lang="${lang}"`);
        expect(html).toContain(`data-prerendered="${lang}"`);
        await page.getByTestId(heading).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      }
      // Routes the build does not pre-render: the shell in the same language, then the app draws the route.
      for (const path of ['/faq']) {
        const response = await page.goto(`${e2e.stack.baseUrl}${path}`);
        expect(response?.fromServiceWorker()).toBe(true);
        const html = (await response?.text()) ?? '';
        expect(html).toContain(`<html lang="${lang}"`);
        expect(html).not.toContain('data-prerendered');
        await page.locator('main h1').waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      }
      expect(await page.locator('html').getAttribute('lang')).not.toBe(other);
      await context.setOffline(false);
      await context.close();
    });
  }

  it("gets the language chosen in the app, not the browser's", async () => {
    const context = await newContext(e2e.browser, 'tr');
    const page = await context.newPage();
    await openOnce(page);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Games');
    await context.setOffline(true);
    const response = await page.goto(`${e2e.stack.baseUrl}/`);
    expect(response?.fromServiceWorker()).toBe(true);
    expect((await response?.text()) ?? '').toContain('data-prerendered="en"');
    await page.getByTestId('hero-play').waitFor();
    expect(await page.getByTestId('hero-play').textContent()).toContain('Play Now');
    await context.setOffline(false);
    await context.close();
  });
});

describe('last known progress', () => {
  it('statistics, badges and profile show what they last had, with its time, while offline', async () => {
    const context = await newContext(e2e.browser, 'en');
    await registeredUser(e2e.stack, context, { lang: 'en', prefix: 'offline' });
    const page = await context.newPage();
    await openOnce(page);
    await playFive(page);
    await expectSaveState(page, 'saved');
    await expect.poll(async () => (await statistics(context)).totalQuestions, { timeout: 15_000 }).toBe(5);
    for (const path of ['/statistics', '/badges', '/profile']) {
      await page.goto(`${e2e.stack.baseUrl}${path}`);
      await page
        .getByTestId(
          path === '/statistics'
            ? 'stat-total-questions'
            : path === '/badges'
              ? 'badges-summary'
              : 'profile-name',
        )
        .waitFor();
    }

    // The persister writes at most once a second: let the last screen's data reach the device.
    await page.waitForTimeout(1_500);
    await context.setOffline(true);
    await page.goto(`${e2e.stack.baseUrl}/statistics`);
    await expect.poll(() => page.getByTestId('stat-total-questions').textContent()).toContain('5');
    expect(await page.getByTestId('as-of').textContent()).toMatch(/^Offline: last known progress, as of /);
    await page.goto(`${e2e.stack.baseUrl}/badges`);
    await page.getByTestId('badges-summary').waitFor();
    await page.getByTestId('as-of').waitFor();
    await page.goto(`${e2e.stack.baseUrl}/profile`);
    await page.getByTestId('profile-name').waitFor();
    await page.getByTestId('as-of').waitFor();
    await context.setOffline(false);
    await context.close();
  });
});

describe('a new build deployed while a tab is open', () => {
  it('offers the update; the tab keeps working if it waits, and runs the new build when accepted', async () => {
    const context = await newContext(e2e.browser, 'en');
    const page = await context.newPage();
    await openOnce(page);
    await page.reload(); // now controlled by the worker
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Deploy: new pages (the shell, the pre-rendered ones) and a new worker naming them.
    const marker = `build-${Date.now()}`;
    const workerFile = join(spaDir(), 'sw.js');
    let worker = readFileSync(workerFile, 'utf8');
    for (const built of [
      'index.html',
      ...['tr', 'en'].flatMap((lang) =>
        ['index', 'games', 'shell'].map((name) => `pages/${lang}/${name}.html`),
      ),
    ]) {
      const file = join(spaDir(), built);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('<head>', `<head>\n    <meta name="build" content="${marker}" />`),
      );
      const entry = new RegExp(`("revision":")[^"]*(","url":"${built.replace(/[./]/g, '\\$&')}")`);
      expect(worker).toMatch(entry);
      worker = worker.replace(entry, (_, head: string, tail: string) => `${head}${marker}${tail}`);
    }
    writeFileSync(workerFile, worker);

    // The tab looks for a new worker (hourly, or when it becomes visible again).
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByTestId('update-prompt').waitFor({ timeout: 15_000 });
    await page.getByTestId('update-later').click();
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    await playFive(page); // still the old version, still whole
    await page.getByTestId('result-summary').waitFor();

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.reload();
    await page.getByTestId('update-prompt').waitFor({ timeout: 15_000 });
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-accept').click()]);
    // The new worker took over with the new build's files: with the network gone the new shell opens and plays.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cached = await caches.match('/index.html', { ignoreSearch: true });
          return navigator.serviceWorker.controller?.state === 'activated'
            ? ((await cached?.text()) ?? '')
            : '';
        }),
      )
      .toContain(marker);
    await context.setOffline(true);
    await page.goto(`${e2e.stack.baseUrl}/games`);
    expect(
      await page.evaluate(() => document.querySelector('meta[name="build"]')?.getAttribute('content')),
    ).toBe(marker);
    await playFive(page);
    await context.setOffline(false);
    await context.close();
  });
});
