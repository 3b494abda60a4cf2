import './lib/zod-jitless.js';
import { onlineManager } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadAnalytics } from './app/analytics.js';
import { App, router } from './app/app.js';
import { currentLang } from './lib/i18n/i18n.js';
import { captureLinkToken } from './lib/link-token.js';
import { persistProgressOnceThereIsSome } from './lib/offline/query-persistence.js';
import { registerServiceWorker } from './lib/offline/service-worker.js';
import { queryClient } from './lib/query-client.js';
import './styles.css';

// React Query assumes "online" until it hears an event: a page opened offline would try every request and turn
// the progress kept on the device into error screens. Its requests wait for the connection instead.
onlineManager.setOnline(navigator.onLine);

// A one-time link token leaves the address before anything else can read or record it.
captureLinkToken();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Wait for the first route's code and texts, so the first render is complete. A page the build pre-rendered
// (`scripts/prerender.ts`) in the language the app picked is hydrated in place; otherwise the shell's top bar is
// replaced by the app. Either way the child never sees a blank frame.
//
// Opened offline (the service worker's precached page): the progress kept on the device is restored before the
// first route loads, so a route that needs the signed-in user finds the last known one.
const restoring = !navigator.onLine;
const restored = restoring
  ? import('./lib/offline/persist-progress.js')
      .then(({ restoreProgress }) => restoreProgress(queryClient))
      .catch(() => {})
  : Promise.resolve();
void restored
  .then(() => router.load())
  .finally(() => {
    // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
    // Offline the worker answers with the pre-rendered page in the app's language, drawn for a guest: with a
    // restored signed-in user it would not match, so it is rendered anew (same language, no other flash).
    if (container.dataset.prerendered === currentLang() && !restoring)
      startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
    persistProgressOnceThereIsSome(queryClient, !restoring);
  });
loadAnalytics();
// After the page has loaded: the worker's precache download never competes with the first paint.
if (document.readyState === 'complete') void registerServiceWorker();
else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
