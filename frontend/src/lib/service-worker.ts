import { atom } from 'jotai';
import { releaseAudio } from './sound.js';
import { store } from './store.js';

/** Set when a new build's service worker is installed and waiting: `accept` switches to it and reloads. */
export const updateReadyAtom = atom<{ accept: () => Promise<void> } | null>(null);

/**
 * Registers the Workbox service worker (`scripts/service-worker.ts`) once the page has loaded, so it never
 * competes with the first paint. A new build waits until the child accepts the prompt; then the page reloads
 * once, fully on the new version (the old one keeps working until then, served from its own precache).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  const offer = () =>
    store.set(updateReadyAtom, {
      accept: async () => {
        // The browser's own event: it also fires when the waiting worker came from an earlier page load.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
          once: true,
        });
        await releaseAudio();
        const current = await navigator.serviceWorker.getRegistration();
        current?.waiting?.postMessage({ type: 'SKIP_WAITING' });
      },
    });
  wb.addEventListener('waiting', offer);
  const registration = await wb.register();
  // Tabs left open for days still hear of a deploy: look for one every hour and when the tab comes back.
  window.setInterval(() => void wb.update(), 60 * 60 * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
  if (registration?.waiting && navigator.serviceWorker.controller) offer();
}
