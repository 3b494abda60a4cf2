/**
 * Server-side render of the public pages in `PRERENDERED_PAGES` (the landing pages `/` and `/games`, and each
 * topic's game settings screen), used at build time by `scripts/prerender.ts`: the HTML arrives with the page
 * already in it, so a child on slow school Wi-Fi sees the page (and its largest paint) before the JavaScript has
 * downloaded. The client then hydrates it (`main.tsx`): the same tree as `App`, so the markup must match, and a
 * screen that shows what this device stored (the game screen's last choices, the learning switches) draws the
 * defaults first and the stored choices right after hydration (`useHydrated`).
 * Nothing is fetched here: the session check renders its pending state, which keeps the top bar's space.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AppProvider } from './app/provider.js';
import { createAppRouter } from './app/router.js';
import { type PageHead, renderedHead } from './lib/head.js';
import i18n, { type Lang } from './lib/i18n/i18n.js';

/** Which pages the build draws, with their file names (shared with the gateway and the service worker). */
export { PRERENDERED_PAGES } from '@mathgames/contracts';

export interface PrerenderedPage {
  html: string;
  head: PageHead;
}

export async function renderPage(path: string, lang: Lang): Promise<PrerenderedPage> {
  await i18n.changeLanguage(lang);
  const queryClient = new QueryClient();
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
    origin: 'http://localhost',
  });
  await router.load();
  renderedHead.current = null;
  const html = renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  const head = renderedHead.current as PageHead | null;
  if (!head) throw new Error(`${path} did not declare its page head (usePageHead)`);
  queryClient.clear();
  return { html, head };
}
