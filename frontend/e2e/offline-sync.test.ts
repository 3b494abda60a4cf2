/// <reference types="node" />
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, offlineHelpers, registeredUser, withOfflineStack } from './harness/index.js';

/**
 * Offline play (docs/offline.md): play with no network, keep the result on the device, send it once when the connection returns (two
 * tabs, a lost answer, Sunday 23:50, Background Sync with no tab open, a guest's game joining the account).
 */
const { e2e } = withOfflineStack();
const { storedResults, statistics, openOnce, playFive, expectSaveState, keptOnDevice } = offlineHelpers(e2e);

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
