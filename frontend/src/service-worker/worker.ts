/**
 * The service worker (`dist/sw.js`), bundled and given its precache list by `scripts/service-worker.ts`.
 *
 * - Every built file is precached under its content revision; hashed `/assets/*` and the rest are answered
 *   cache-first from the precache, one consistent version.
 * - Page loads go to the network (the gateway's pre-rendered page in the visitor's language). With no network
 *   (or none within 5 s) the precache answers: the address's pre-rendered page in the app's language when the
 *   build has one (`/`, `/games`, a topic's game settings screen; `prerenderedPageName` in contracts, the rule the
 *   gateway follows too), else that language's shell (`pages/<lang>/shell.html`), so nothing shows in the wrong
 *   language.
 *   Page HTML is never cached at run time: a cached page could name assets of a build whose precache is gone.
 * - `/api/*` is never cached or answered by the worker: data is never served stale as if fresh.
 * - A new build's worker waits (no skipWaiting) until the page asks it to take over, after the child accepts the
 *   "new version ready" prompt (`lib/service-worker.ts`): a tab never mixes two versions.
 * - Background Sync: results kept on the device (`lib/unsent-results.ts`, the same IndexedDB queue and the same
 *   Idempotency-Keys as the tabs) are sent when the browser says the connection is back, even with no tab open.
 */
import { type CurrentUser, type Lang, langOf, prerenderedPageName } from '@mathgames/contracts';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { ApiError, request } from '../lib/api-client.js';
import { LANGUAGE_CACHE, LANGUAGE_KEY } from '../lib/i18n/language-detector.js';
import { SYNC_TAG, sendUnsentResults } from '../lib/offline/unsent-results.js';

// The worker's own globals, typed here: the web app's TypeScript project uses the DOM library, not WebWorker.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}
declare const self: WorkerScope;

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const toLang = (value: string | null | undefined): Lang | null => langOf(value);

/** The app's language for an offline page load, in the app's own order: `?lng`, the chosen one, the browser's. */
async function offlineLanguage(url: URL): Promise<Lang> {
  const chosen = await caches
    .open(LANGUAGE_CACHE)
    .then((cache) => cache.match(LANGUAGE_KEY))
    .then((response) => response?.text())
    .catch(() => undefined);
  return (
    toLang(url.searchParams.get('lng')) ??
    toLang(chosen) ??
    toLang(navigator.languages?.find((lng) => toLang(lng) !== null)) ??
    'tr'
  );
}

/** The precached page for `url` with no network: pre-rendered page, else the language's shell, else the shell. */
async function offlinePage(url: URL): Promise<Response | undefined> {
  const lang = await offlineLanguage(url);
  const name = prerenderedPageName(url.pathname, url.searchParams);
  return (
    (name ? await matchPrecache(`/pages/${lang}/${name}.html`) : undefined) ??
    (await matchPrecache(`/pages/${lang}/shell.html`)) ??
    (await matchPrecache('/index.html'))
  );
}

/** Patchy Wi-Fi: a page load still waiting for the network after this long gets the precached page instead. */
const NETWORK_TIMEOUT_MS = 5_000;

// Registered before the precache's route, which would otherwise answer `/` with the shell (`index.html`).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async ({ request, url }) => {
    const network = fetch(request);
    network.catch(() => {}); // a late failure after the precache answered is nobody's concern
    const slow = new Promise<Response | undefined>((resolve) => {
      setTimeout(() => resolve(offlinePage(url)), NETWORK_TIMEOUT_MS);
    });
    try {
      return (await Promise.race([network, slow])) ?? (await network);
    } catch (error) {
      const page = await offlinePage(url);
      if (page) return page;
      throw error;
    }
  },
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Sends the kept results of whoever is signed in on this device (the session cookie goes with the worker's
 * requests too), under the same lock as the tabs. Throws while some wait, so the browser tries again later. A
 * result the server refuses for good is left for a tab, which shows the child why.
 */
async function sendKeptResults(): Promise<void> {
  let user: CurrentUser;
  try {
    user = await request<CurrentUser>('/api/auth/me');
  } catch (error) {
    // Nobody signed in: a guest's games wait for the next sign-in on this device, done by the page.
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
  const outcome = await sendUnsentResults(user.id, { leaveRefusedToTheTabs: true });
  if (outcome.failed) throw new Error('some kept results could not be sent yet');
}

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(sendKeptResults());
});
