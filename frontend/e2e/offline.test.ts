/// <reference types="node" />
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HistoryResponse, StatisticsResponse } from '@mathgames/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebAppBuilt, newContext, registeredUser, withStackAndBrowser } from './harness/index.js';

/**
 * Issue 18: play with no network, keep the result on the device, send it once when the connection returns.
 * The gateway serves a copy of the build, so a test can deploy a "new build" under an open tab.
 */
let spaDir: string;

beforeAll(() => {
  ensureWebAppBuilt();
  spaDir = mkdtempSync(join(tmpdir(), 'mg-offline-spa-'));
  cpSync(fileURLToPath(new URL('../dist', import.meta.url)), spaDir, { recursive: true });
});

afterAll(() => {
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
});

const e2e = withStackAndBrowser(() => ({ env: { SPA_DIR: spaDir } }));

/** The pupil's stored results, as the server has them (the context's session; not affected by setOffline). */
async function storedResults(context: BrowserContext): Promise<HistoryResponse> {
  const res = await context.request.get(`${e2e.stack.baseUrl}/api/game-results`);
  expect(res.status()).toBe(200);
  return (await res.json()) as HistoryResponse;
}

async function statistics(context: BrowserContext): Promise<StatisticsResponse> {
  return (await (
    await context.request.get(`${e2e.stack.baseUrl}/api/statistics`)
  ).json()) as StatisticsResponse;
}

/** Opens /games and waits until the service worker is active (its precache complete). */
async function openOnce(page: Page) {
  await page.goto(`${e2e.stack.baseUrl}/games`);
  await page.getByTestId('play-addition').waitFor();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) throw new Error('no active service worker');
  });
}

/** From /games: an addition game of 5 questions, each answered with the first option, to the summary. */
async function playFive(page: Page) {
  await page.getByTestId('play-addition').click();
  await page.waitForURL(/\/gameplay\?type=toplama/);
  await page.getByTestId('count-5').click();
  await page.getByTestId('start-game').click();
  for (;;) {
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="result-summary"]') !== null ||
        document.querySelector('[data-testid="option-1"]:not([disabled])') !== null,
    );
    if (await page.getByTestId('result-summary').isVisible()) return;
    const counter = await page.getByTestId('question-counter').textContent();
    await page.getByTestId('option-1').click();
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="result-summary"]') !== null ||
        document.querySelector('[data-testid="question-counter"]')?.textContent !== previous,
      counter,
    );
  }
}

async function expectSaveState(page: Page, state: string) {
  await expect.poll(() => page.getByTestId('save-status').getAttribute('data-state')).toBe(state);
}

/** How many results this tab still keeps on the device. */
function keptOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mathgames');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('unsent-results')) return resolve(0);
          const count = db.transaction('unsent-results').objectStore('unsent-results').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

describe('with the network gone', () => {
  it('reloads, plays to the summary, keeps the result, and two tabs send it once within 5 s of reconnecting', async () => {
    const context = await newContext(e2e.browser, 'en');
    await registeredUser(e2e.stack, context, { lang: 'en', prefix: 'offline' });
    const page = await context.newPage();
    const second = await context.newPage();
    await openOnce(page);
    await second.goto(`${e2e.stack.baseUrl}/statistics`);
    await second.getByTestId('profile-link').first().waitFor({ state: 'attached' });

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('offline-badge').waitFor();
    expect(await page.getByTestId('offline-badge').textContent()).toContain('Offline');
    await playFive(page);
    await expectSaveState(page, 'kept-offline');
    expect(await page.getByTestId('save-status').textContent()).toContain(
      'Saved on this device, it will be sent when you are online',
    );
    expect((await storedResults(context)).total).toBe(0);
    expect(await keptOnDevice(page)).toBe(1);

    const back = Date.now();
    await context.setOffline(false);
    // Both tabs hear `online` and sync at once; the lock and the key make it one stored result.
    await expect.poll(async () => (await storedResults(context)).total, { timeout: 5_000 }).toBe(1);
    console.log(`[offline] result on the server ${Date.now() - back} ms after the connection returned`);
    await expect.poll(() => keptOnDevice(page)).toBe(0);
    await expect.poll(async () => (await statistics(context)).totalQuestions, { timeout: 15_000 }).toBe(5);
    // A few more sync rounds later, still once.
    await page.waitForTimeout(6_000);
    expect((await storedResults(context)).total).toBe(1);
    expect((await statistics(context)).totalQuestions).toBe(5);
    await context.close();
  });

  it('a send whose answer was lost is sent again and still counted once', async () => {
    const context = await newContext(e2e.browser, 'tr');
    await registeredUser(e2e.stack, context, { lang: 'tr', prefix: 'offline' });
    const page = await context.newPage();
    let posts = 0;
    await page.route('**/api/game-results', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      if (posts > 1) return route.continue();
      // The server stores it; the answer never reaches the tablet.
      const response = await route.fetch();
      expect(response.status()).toBe(201);
      await route.abort('connectionreset');
    });
    await openOnce(page);
    await playFive(page);
    await expect.poll(() => posts, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => keptOnDevice(page)).toBe(0);
    expect((await storedResults(context)).total).toBe(1);
    await expect.poll(async () => (await statistics(context)).totalQuestions, { timeout: 15_000 }).toBe(5);
    await page.waitForTimeout(1_000);
    expect((await statistics(context)).totalQuestions).toBe(5);
    await context.close();
  });

  it('a game played offline on Sunday 23:50 (Istanbul) and sent later counts on that Sunday', async () => {
    // The latest Sunday 23:50 in Istanbul (UTC+3, no DST) at least 10 minutes ago: within the 14-day window.
    const sundayNight = new Date(Date.UTC(2026, 10, 22, 20, 50));
    const week = 7 * 24 * 60 * 60 * 1000;
    while (sundayNight.getTime() + week < Date.now() - 10 * 60_000)
      sundayNight.setTime(sundayNight.getTime() + week);
    const sundayDate = new Date(sundayNight.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

    const context = await newContext(e2e.browser, 'tr');
    await registeredUser(e2e.stack, context, { lang: 'tr', prefix: 'offline' });
    const page = await context.newPage();
    await page.clock.install({ time: sundayNight });
    await openOnce(page);
    await context.setOffline(true);
    await page.reload();
    await playFive(page);
    await expectSaveState(page, 'kept-offline');
    await context.setOffline(false);
    await expect.poll(async () => (await storedResults(context)).total, { timeout: 5_000 }).toBe(1);
    const [stored] = (await storedResults(context)).items;
    const playedAt = new Date(stored!.createdAt).getTime();
    expect(playedAt).toBeGreaterThanOrEqual(sundayNight.getTime());
    expect(playedAt).toBeLessThan(sundayNight.getTime() + 10 * 60_000); // still Sunday, 23:50-24:00

    // The statistics read model put it on that Sunday.
    const { default: pg } = (await import(/* @vite-ignore */ 'pg' as string)) as {
      default: { Client: new (o: { connectionString?: string }) => PgClient };
    };
    const client = new pg.Client({ connectionString: e2e.stack.env.DATABASE_URL });
    await client.connect();
    try {
      await expect
        .poll(
          async () =>
            (
              await client.query(
                `SELECT to_char(day, 'YYYY-MM-DD') AS day, questions FROM results.user_daily
                  WHERE user_id = (SELECT user_id FROM results.game_results WHERE id = $1)`,
                [stored!.id],
              )
            ).rows,
          { timeout: 15_000 },
        )
        .toEqual([{ day: sundayDate, questions: 5 }]);
    } finally {
      await client.end();
    }
    await context.close();
  });
});

/** The worker's Background Sync tag (`lib/unsent-results.ts`). */
const SYNC_TAG = 'mathgames-unsent-results';

/** Results kept on the device, read from a same-origin page that runs no app (so it sends nothing itself). */
async function keptOnDeviceWithNoApp(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${e2e.stack.baseUrl}/robots.txt`);
    return await keptOnDevice(page);
  } finally {
    await page.close();
  }
}

describe('Background Sync', () => {
  it('a result kept offline is sent by the service worker with no tab of the app open, and counted once', async () => {
    const context = await newContext(e2e.browser, 'en');
    await registeredUser(e2e.stack, context, { lang: 'en', prefix: 'offline' });
    const page = await context.newPage();
    await openOnce(page);
    await context.setOffline(true);
    await page.reload();
    await playFive(page);
    await expectSaveState(page, 'kept-offline');
    // The failed send asked the browser to wake the worker when the connection is back.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            sync: { getTags(): Promise<string[]> };
          };
          return registration.sync.getTags();
        }),
      )
      .toContain(SYNC_TAG);

    // DevTools on a blank tab (no app in it) finds the worker's registration and can fire its sync event.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL === `${e2e.stack.baseUrl}/` && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;

    // Every tab of the app closes before the connection returns: nobody but the worker can send it now.
    await page.close();
    expect(context.pages().filter((open) => open.url().startsWith(e2e.stack.baseUrl))).toEqual([]);
    expect((await storedResults(context)).total).toBe(0);
    // The connection returns: Chromium fires the pending sync, and the worker sends the kept result.
    const back = Date.now();
    await context.setOffline(false);
    await expect.poll(async () => (await storedResults(context)).total, { timeout: 10_000 }).toBe(1);
    console.log(
      `[offline] the worker's sync stored the result ${Date.now() - back} ms after the connection returned`,
    );
    await expect.poll(async () => (await statistics(context)).totalQuestions, { timeout: 15_000 }).toBe(5);
    expect(await keptOnDeviceWithNoApp(context)).toBe(0);

    // More syncs (the browser retries, DevTools fires one) find nothing left: still once.
    for (const lastChance of [false, true])
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin: e2e.stack.baseUrl,
        registrationId: id,
        tag: SYNC_TAG,
        lastChance,
      });
    await blank.waitForTimeout(1_500);
    expect((await storedResults(context)).total).toBe(1);
    expect((await statistics(context)).totalQuestions).toBe(5);
    await context.close();
  });
});

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

interface PgClient {
  connect(): Promise<void>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}

describe('a guest', () => {
  it('keeps the game on the device, and it joins the account at sign-in exactly once', async () => {
    const context = await newContext(e2e.browser, 'en');
    const { email } = await registeredUser(e2e.stack, context, {
      lang: 'en',
      prefix: 'offline',
      logIn: false,
    });
    const page = await context.newPage();
    await openOnce(page);
    await playFive(page);
    await expectSaveState(page, 'kept-guest');
    expect(await page.getByTestId('save-status').textContent()).toContain('Sign in to keep your points');
    expect(await keptOnDevice(page)).toBe(1);

    await page.getByTestId('save-sign-in').click();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('secret123');
    await page.locator('form button[type="submit"]').click();
    await expect.poll(async () => (await storedResults(context)).total, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => keptOnDevice(page)).toBe(0);
    await expect.poll(async () => (await statistics(context)).totalQuestions, { timeout: 15_000 }).toBe(5);
    await page.reload();
    await page.waitForTimeout(6_000);
    expect((await storedResults(context)).total).toBe(1);
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
    const workerFile = join(spaDir, 'sw.js');
    let worker = readFileSync(workerFile, 'utf8');
    for (const built of [
      'index.html',
      ...['tr', 'en'].flatMap((lang) =>
        ['index', 'games', 'shell'].map((name) => `pages/${lang}/${name}.html`),
      ),
    ]) {
      const file = join(spaDir, built);
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
