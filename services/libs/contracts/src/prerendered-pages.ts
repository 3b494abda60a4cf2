import { categoryKeyFromGameType, GAME_TYPES, parseGameType } from './values.js';

/**
 * The pages the web app's build draws ahead of time, so that a child on slow school Wi-Fi sees them before the
 * JavaScript arrives: the landing pages and each topic's game settings screen. Each is written as
 * `pages/<lang>/<name>.html`; the gateway sends it for a page load of its address, and the service worker
 * answers it from its precache when there is no network. Only public screens that look the same for every
 * guest belong here: never a user's own data or a token page.
 */
export const PRERENDERED_PAGES: readonly { readonly path: string; readonly name: string }[] = [
  { path: '/', name: 'index' },
  { path: '/games', name: 'games' },
  ...GAME_TYPES.map((type) => {
    const topic = categoryKeyFromGameType(type);
    return { path: `/gameplay?type=${topic}`, name: `gameplay-${topic}` };
  }),
];

/** The part of `URLSearchParams` the rule reads. */
export interface SearchParamsLike {
  get(name: string): string | null;
}

/**
 * Which pre-rendered page (a `PRERENDERED_PAGES` name) a page load of this address gets, or null for the app's
 * shell. `/gameplay` is drawn per topic: `?type=` names the topic in any spelling the app accepts; without a
 * known topic (the app picks one from the stored choice) or with `start` (the game begins at once, with the
 * stored choices) there is nothing the same for everyone to draw. Other query parameters (`lng`) do not matter.
 */
export function prerenderedPageName(pathname: string, search: SearchParamsLike): string | null {
  if (pathname === '/') return 'index';
  if (pathname === '/games') return 'games';
  if (pathname === '/gameplay') {
    if (search.get('start') !== null) return null;
    const type = parseGameType(search.get('type'));
    return type ? `gameplay-${categoryKeyFromGameType(type)}` : null;
  }
  return null;
}
