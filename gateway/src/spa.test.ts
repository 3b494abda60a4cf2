import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-support/test-gateway.js';

const gw = useTestGateway();

describe('the single-page app', () => {
  it('serves index.html for client routes, revalidated on every load', async () => {
    const res = await fetch(`${gw.baseUrl}/profile`);

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('id="root"');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('sends a pre-rendered landing page in the language the web app would pick', async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${gw.baseUrl}${path}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      return { text: await res.text(), vary: res.headers.get('vary') ?? '' };
    };

    const home = await page('/');
    expect(home.text).toBe('index tr');
    expect(home.vary).toMatch(/Cookie/);
    expect(home.vary).toMatch(/Accept-Language/);
    expect((await page('/games', { 'accept-language': 'en-GB,en;q=0.9' })).text).toBe('games en');
    // The stored choice beats the browser's languages, and `?lng=` beats both, as in the web app itself.
    expect((await page('/', { cookie: 'i18next=tr', 'accept-language': 'en' })).text).toBe('index tr');
    expect((await page('/?lng=en', { cookie: 'i18next=tr' })).text).toBe('index en');
    // The game settings screen is drawn per topic, whatever spelling of the topic the address uses.
    expect((await page('/gameplay?type=toplama&lng=en')).text).toBe('gameplay-toplama en');
    expect((await page('/gameplay?type=%C3%A7%C4%B1karma', { cookie: 'i18next=tr' })).text).toBe(
      'gameplay-cikarma tr',
    );
    // Pages that are not pre-rendered get the shell: so do the game screen without a known topic (it follows
    // the choice stored on the device), a game that starts at once, and the pages' own file names.
    expect((await page('/faq', { 'accept-language': 'en' })).text).toContain('shell');
    expect((await page('/games/', { 'accept-language': 'en' })).text).toContain('shell');
    for (const path of [
      '/gameplay',
      '/gameplay?type=nope',
      '/gameplay?type=toplama&start=1',
      '/gameplay-toplama',
    ])
      expect((await page(path)).text, path).toContain('shell');
  });

  it('caches hashed assets for a year and never answers a missing asset with HTML', async () => {
    const asset = await fetch(`${gw.baseUrl}/assets/index-Ab12Cd.js`);
    const missing = await fetch(`${gw.baseUrl}/assets/index-Old999.js`);
    const missingIcon = await fetch(`${gw.baseUrl}/apple-touch-icon.png`);

    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(missing.status).toBe(404);
    expect(missingIcon.status).toBe(404);
  });

  it('revalidates the service worker and the manifest on every load, so a deploy is seen at once', async () => {
    const worker = await fetch(`${gw.baseUrl}/sw.js`);
    const manifest = await fetch(`${gw.baseUrl}/manifest.webmanifest`);
    const robots = await fetch(`${gw.baseUrl}/robots.txt`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends the app compressed to browsers that accept it', async () => {
    const bundle = await fetch(`${gw.baseUrl}/assets/vendor-Ef34Gh.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(await bundle.text()).toContain('a long bundle');
  });

  it("sends the build's own brotli or gzip file when the browser takes it, with the asset's type and caching", async () => {
    const brotli = await fetch(`${gw.baseUrl}/assets/app-Zz99Yy.js`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const gzip = await fetch(`${gw.baseUrl}/assets/app-Zz99Yy.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    const plain = await fetch(`${gw.baseUrl}/assets/app-Zz99Yy.js`, {
      headers: { 'accept-encoding': 'identity' },
    });

    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const res of [brotli, gzip, plain]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await brotli.text()).toMatch(/compressed by the build.*\n\/\/ \.br$/s);
    expect(await gzip.text()).toMatch(/\/\/ \.gz$/);
    expect(await plain.text()).toMatch(/by the build"\);\n$/);
  });

  it('answers health and readiness', async () => {
    expect((await fetch(`${gw.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gw.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
  });
});
