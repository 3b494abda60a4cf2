/// <reference types="node" />
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HistoryResponse } from '@mathgames/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { readStatistics } from './play.js';
import { type Started, withStackAndBrowser } from './setup.js';
import { ensureWebAppBuilt } from './web-app.js';

/**
 * Offline play (docs/offline.md; `offline-sync.test.ts`, `offline-pages.test.ts`): the stack for a spec file, its gateway serving a copy
 * of the build, so a test can deploy a "new build" under an open tab. Call it at the top of the file; `spaDir()`
 * is the copy's folder (read it inside tests).
 */
export function withOfflineStack(): { e2e: Started; spaDir: () => string } {
  let spaDir: string;

  beforeAll(() => {
    ensureWebAppBuilt();
    spaDir = mkdtempSync(join(tmpdir(), 'mg-offline-spa-'));
    cpSync(fileURLToPath(new URL('../../dist', import.meta.url)), spaDir, { recursive: true });
  });

  afterAll(() => {
    if (spaDir) rmSync(spaDir, { recursive: true, force: true });
  });

  const e2e = withStackAndBrowser(() => ({ env: { SPA_DIR: spaDir } }));
  return { e2e, spaDir: () => spaDir };
}

/** What the offline spec files do and read: playing, the server's view of the results, and the device's. */
export function offlineHelpers(e2e: Started) {
  /** The pupil's stored results, as the server has them (the context's session; not affected by setOffline). */
  async function storedResults(context: BrowserContext): Promise<HistoryResponse> {
    const res = await context.request.get(`${e2e.stack.baseUrl}/api/game-results`);
    expect(res.status()).toBe(200);
    return (await res.json()) as HistoryResponse;
  }

  const statistics = (context: BrowserContext) => readStatistics(e2e.stack, context);

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

  return { storedResults, statistics, openOnce, playFive, expectSaveState, keptOnDevice };
}
