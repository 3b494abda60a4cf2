import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_DOCS_ASSETS } from '@mathgames/contracts';
import type { Express } from 'express';

/**
 * The API document for people at /api/docs: Swagger UI's own files served from this origin (no third-party request;
 * the page's CSP is the gateway's, with no inline script: the start-up script is a file of its own), reading
 * /api/openapi.json. "Try it out" only for reads, so a visitor cannot change data by exploring.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Math Games API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="api"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/api-docs.js"></script>
</body>
</html>
`;

const START = `SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api',
  deepLinking: true,
  validatorUrl: null,
  supportedSubmitMethods: ['get'],
});
`;

const TYPES: Record<(typeof API_DOCS_ASSETS)[number], string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'api-docs.js': 'text/javascript; charset=utf-8',
};

/** GET /api/docs and its files (contracts' API_DOCS_ASSETS; documented as getApiDocsPage and getApiDocsAsset). */
export function apiDocsRoutes(app: Express): void {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, Buffer>();
  const read = (asset: (typeof API_DOCS_ASSETS)[number]) => {
    let content = files.get(asset);
    if (!content) {
      content = asset === 'api-docs.js' ? Buffer.from(START) : readFileSync(join(dist, asset));
      files.set(asset, content);
    }
    return content;
  };

  app.get('/api/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
  });
  app.get('/api/docs/:asset', (req, res, next) => {
    const asset = API_DOCS_ASSETS.find((name) => name === req.params.asset);
    if (!asset) return next();
    res.set({ 'Content-Type': TYPES[asset], 'Cache-Control': 'public, max-age=3600' }).send(read(asset));
  });
}
