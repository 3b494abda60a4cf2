import { releaseAudio } from '../sound.js';
import { store } from '../store.js';
import { updateReadyAtom } from './update-ready.js';

/**
 * Registers the service worker (`src/service-worker/worker.ts`) once the page has loaded, so it never competes
 * with the first paint (`main.tsx` imports this module only then). A new build waits until the child accepts the
 * prompt; then the page reloads once, fully on the new version (the old one keeps working until then, served from
 * its own precache). The browser's own API: a wrapper library would cost the first download more than this.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const container = navigator.serviceWorker;
  const offer = () =>
    store.set(updateReadyAtom, {
      accept: async () => {
        // The browser's own event: it also fires when the waiting worker came from an earlier page load.
        container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        await releaseAudio();
        const current = await container.getRegistration();
        current?.waiting?.postMessage({ type: 'SKIP_WAITING' });
      },
    });
  const registration = await container.register('/sw.js', { scope: '/' });
  // A new build: offered once installed, if this page already runs an older one (the first install is silent).
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer();
    });
  });
  if (registration.waiting && container.controller) offer();
  // Tabs left open for days still hear of a deploy: look for one every hour and when the tab comes back.
  const update = () => void registration.update().catch(() => {});
  window.setInterval(update, 60 * 60 * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') update();
  });
}
