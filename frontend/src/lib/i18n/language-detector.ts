import type { LanguageDetectorModule } from 'i18next';

/**
 * Detection order: query `lng`, cookie `i18next`, localStorage `i18nextLng`, sessionStorage `i18nextLng`,
 * browser languages, `<html lang>`. The choice is cached in localStorage and in the cookie the gateway reads.
 * Hand-written (≈0.5 KB) instead of i18next-browser-languagedetector to keep the first download small.
 */
const KEY = 'i18nextLng';
const COOKIE = 'i18next';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/**
 * The chosen language is also kept where the service worker can read it (it sees neither cookies nor
 * localStorage): an offline page load then gets the pre-rendered page in that language (`service-worker/worker.ts`).
 */
export const LANGUAGE_CACHE = 'mathgames-language';
export const LANGUAGE_KEY = '/language';

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined; // storage can throw in private modes or sandboxed frames
  }
}

export function detectLanguages(): string[] {
  const found: Array<string | null | undefined> = [
    safe(() => new URLSearchParams(window.location.search).get('lng')),
    safe(() => document.cookie.match(/(?:^|;\s*)i18next=([^;]*)/)?.[1]),
    safe(() => localStorage.getItem(KEY)),
    safe(() => sessionStorage.getItem(KEY)),
    ...(safe(() => navigator.languages) ?? [safe(() => navigator.language)]),
    safe(() => document.documentElement.lang),
  ];
  return found
    .filter((value): value is string => typeof value === 'string' && value.length > 0)
    .map(decodeURIComponent);
}

export function cacheLanguage(lng: string): void {
  safe(() => localStorage.setItem(KEY, lng));
  safe(() => {
    // The Cookie Store API is missing in Firefox/Safari; one small cookie is fine to write directly.
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  });
  safe(() =>
    caches
      ?.open(LANGUAGE_CACHE)
      .then((cache) => cache.put(LANGUAGE_KEY, new Response(lng)))
      .catch(() => {}),
  );
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init() {},
  detect: () => detectLanguages(),
  cacheUserLanguage: cacheLanguage,
};
