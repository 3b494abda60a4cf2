import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { langOf, prerenderedPageName } from '@mathgames/contracts';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { resolveLanguage } from './language.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATED = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * The built SPA: hashed files under /assets are cached for a year (a new build has new names), index.html is
 * revalidated every time so a deploy is picked up at once (so are `sw.js` and the manifest), other root files (icons, robots) for an hour.
 * Client routes (/games, /profile, …) get index.html; a missing file (anything with an extension or under
 * /assets) is a real 404, so a stale tab never receives HTML where it expected JavaScript.
 * Text files go out compressed: scripts and styles as compressed by the build (brotli or gzip), the rest (HTML,
 * icons) by the compression middleware.
 *
 * The build pre-renders the public landing pages and each topic's game settings screen as
 * `pages/<lang>/<name>.html` (`prerenderedPageName` in contracts names the page for an address, the same rule the
 * service worker follows offline): those addresses get the page already drawn, in the visitor's language as the
 * web app would pick it (query `lng`, cookie `i18next`, then the browser's languages), so it paints before the
 * JavaScript arrives.
 */
export function spaHandlers(spaDir: string): RequestHandler[] {
  const indexFile = join(spaDir, 'index.html');
  // The build writes .br and .gz beside each hashed script and style: those are sent as they are.
  const assets = expressStaticGzip(spaDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      cacheControl: false,
      redirect: false,
      setHeaders(res, filePath) {
        if (filePath.startsWith(join(spaDir, 'assets'))) res.setHeader('Cache-Control', IMMUTABLE);
        // The service worker and the manifest name the current build: always revalidated, so a deploy is seen.
        else if (filePath === indexFile || REVALIDATED.has(relative(spaDir, filePath)))
          res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    },
  });

  const notFound = (res: Response) => {
    res.status(404).type('text/plain').set('Cache-Control', 'no-cache').send('Not found');
  };

  const fallback: RequestHandler = (req: Request, res: Response) => {
    const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
    const isClientRoute =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.path.startsWith('/assets/') &&
      !lastSegment.includes('.');
    if (!isClientRoute) return notFound(res);
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .set('Cache-Control', 'no-store')
        .send('The web app is not built yet: run `npm run build -w @mathgames/frontend`.');
      return;
    }
    const send = (file: string, headers: Record<string, string>) =>
      res.sendFile(file, { headers: { 'Cache-Control': 'no-cache', ...headers } }, (err) => {
        if (err && !res.headersSent) notFound(res);
      });
    const queryAt = req.originalUrl.indexOf('?');
    const query = new URLSearchParams(queryAt === -1 ? '' : req.originalUrl.slice(queryAt + 1));
    const name = prerenderedPageName(req.path, query);
    if (name) {
      const lng = typeof req.query.lng === 'string' ? req.query.lng : undefined;
      const page = join(spaDir, 'pages', langOf(lng) ?? resolveLanguage(req.headers), `${name}.html`);
      if (existsSync(page)) return send(page, { Vary: 'Cookie, Accept-Language' });
    }
    send(indexFile, {});
  };

  return [compression(), assets, fallback];
}
