import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadAnalytics } from './app/analytics.js';
import { App, router } from './app/app.js';
import { currentLang } from './lib/i18n.js';
import { registerServiceWorker } from './lib/service-worker.js';
import './styles.css';

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
void router.load().finally(() => {
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  if (container.dataset.prerendered === currentLang())
    startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
loadAnalytics();
// After the page has loaded: the worker's precache download never competes with the first paint.
if (document.readyState === 'complete') void registerServiceWorker();
else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
