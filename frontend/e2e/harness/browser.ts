/// <reference types="node" />

import { type Lang, localeOf } from '@mathgames/contracts';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium driven by playwright-core (never `npx playwright install`: it cannot download here). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A fresh browser profile (no cookies, no storage) speaking the given language. `forwardedFor` puts it
 * behind an address (a school's one address), as a proxy in front of the gateway would say.
 */
export function newContext(
  browser: Browser,
  lang: Lang = 'tr',
  options: { javaScriptEnabled?: boolean; forwardedFor?: string } = {},
): Promise<BrowserContext> {
  const { forwardedFor, ...contextOptions } = options;
  return browser.newContext({
    ...contextOptions,
    locale: localeOf(lang),
    extraHTTPHeaders: {
      'Accept-Language': `${localeOf(lang)},${lang};q=0.9`,
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
  });
}
