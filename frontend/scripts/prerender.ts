/**
 * Runs in `npm run build` after vite: renders the pages of `PRERENDERED_PAGES` (the landing pages `/` and `/games`,
 * and each topic's game settings screen `/gameplay?type=<topic>`) in both languages with the server build of
 * `src/prerender.tsx` and writes them beside the shell, as `dist/pages/<lang>/<name>.html`. The gateway sends them
 * for those addresses in the visitor's language (`gateway/src/spa.ts`, through contracts' `prerenderedPageName`);
 * every other address gets the shell. It also
 * writes `dist/pages/<lang>/shell.html` (the shell with that language's title and texts): with no network the
 * service worker answers the pre-rendered page, or that shell, in the app's language (`src/service-worker/worker.ts`).
 * Only public pages that look the same for every guest belong here: never a user's own data or a token page.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FRONTEND = fileURLToPath(new URL('..', import.meta.url));
// WEB_BUILD_DIR: where vite.config.ts had the build write (default dist, and dist-ssr beside it).
const DIST = process.env.WEB_BUILD_DIR ?? join(FRONTEND, 'dist');
const SSR_DIST = `${DIST}-ssr`;
const LANGS = ['tr', 'en'] as const;
const OG_LOCALE = { tr: 'tr_TR', en: 'en_GB' } as const;

// The router is bundled in its browser build (see vite.config.ts), which registers itself on `self`.
(globalThis as { self?: unknown }).self ??= globalThis;
// A pre-rendered page is the same for every visitor and reads no storage. Node 26's own localStorage global, read
// without --localstorage-file, prints an ExperimentalWarning; the pages render with none, which the app's guarded
// storage reads already expect.
Object.defineProperty(globalThis, 'localStorage', { value: undefined, configurable: true });

type Prerender = typeof import('../src/prerender.js');
const { renderPage, PRERENDERED_PAGES } = (await import(
  pathToFileURL(join(SSR_DIST, 'prerender.js')).href
)) as Pick<Prerender, 'renderPage' | 'PRERENDERED_PAGES'>;

const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
const ROOT = /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/;
if (!ROOT.test(shell)) throw new Error('dist/index.html has no <div id="root"> followed by <noscript>');
const siteRoot = /<link rel="canonical" href="([^"]*)\/"/.exec(shell)?.[1];
if (siteRoot === undefined) throw new Error('dist/index.html has no site-root canonical link');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function setContent(html: string, attribute: 'name' | 'property', key: string, value: string): string {
  const tag = new RegExp(`(<meta ${attribute}="${key}" content=")[^"]*(")`);
  if (!tag.test(html)) throw new Error(`dist/index.html has no <meta ${attribute}="${key}">`);
  return html.replace(tag, (_, open: string, close: string) => `${open}${escapeHtml(value)}${close}`);
}

for (const lang of LANGS) {
  mkdirSync(join(DIST, 'pages', lang), { recursive: true });
  for (const { path, name } of PRERENDERED_PAGES) {
    const { html, head } = await renderPage(path, lang);
    if (html.includes('<script')) throw new Error(`${path} rendered an inline script, which the CSP blocks`);
    let page = shell
      .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(/(<link rel="canonical" href=")[^"]*(")/, `$1${siteRoot}${path}$2`)
      // The page is already drawn: its scripts must not compete with the stylesheet for a slow link.
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace(ROOT, (_, close: string) => `<div id="root" data-prerendered="${lang}">${html}</div>${close}`);
    const meta = [
      ['name', 'description', head.description],
      ['property', 'og:title', head.title],
      ['property', 'og:description', head.description],
      ['property', 'og:locale', OG_LOCALE[lang]],
      ['name', 'twitter:title', head.title],
      ['name', 'twitter:description', head.description],
    ] as const;
    for (const [attribute, key, value] of meta) page = setContent(page, attribute, key, value);
    writeFileSync(join(DIST, 'pages', lang, `${name}.html`), page);
    if (path === '/') {
      // The shell in this language, for the service worker to answer an offline load of any other route with:
      // the app renders the route into it, and nothing on it (title, logo's name) is in the other language.
      const { appName } = JSON.parse(
        readFileSync(join(FRONTEND, 'src/locales', lang, 'common.json'), 'utf8'),
      ) as { appName: string };
      let languageShell = shell
        .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
        .replace(
          /(<a href="\/"[^>]*>\s*<span class="sr-only">)[^<]*/,
          (_, open: string) => `${open}${escapeHtml(appName)}`,
        )
        .replace(
          /<meta property="og:site_name" content="[^"]*"/,
          `<meta property="og:site_name" content="${escapeHtml(appName)}"`,
        );
      for (const [attribute, key, value] of meta)
        languageShell = setContent(languageShell, attribute, key, value);
      writeFileSync(join(DIST, 'pages', lang, 'shell.html'), languageShell);
    }
  }
}
rmSync(SSR_DIST, { recursive: true, force: true });
console.log(
  `pre-rendered ${PRERENDERED_PAGES.map(({ path }) => path).join(', ')} in ${LANGS.join(', ')} into dist/pages`,
);
