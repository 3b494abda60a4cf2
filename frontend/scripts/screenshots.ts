/**
 * Screenshots of every screen at the three DESIGN.md sizes in tr and en, for looking at before calling a screen
 * done. Usage: node --import tsx frontend/scripts/screenshots.ts <baseUrl> [outDir] [path...]
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:4173', outDir = '/tmp/screens', ...only] = process.argv.slice(2);
const PATHS = only.length
  ? only
  : [
      '/',
      '/games',
      '/gameplay?type=toplama',
      '/faq',
      '/verify-email',
      '/reset-password',
      '/statistics',
      '/nope',
    ];
const SIZES = [
  { name: 'phone', width: 360, height: 640 },
  { name: 'tablet', width: 1280, height: 800 },
  { name: 'board', width: 1920, height: 1080 },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (const lang of ['tr', 'en']) {
    for (const size of SIZES) {
      const page = await browser.newPage({
        viewport: { width: size.width, height: size.height },
        locale: lang,
      });
      page.on('pageerror', (error) => console.error(`[${lang} ${size.name}] page error:`, error.message));
      for (const path of PATHS) {
        const url = `${baseUrl}${path}${path.includes('?') ? '&' : '?'}lng=${lang}`;
        await page.goto(url, { waitUntil: 'networkidle' });
        const file = `${outDir}/${lang}-${size.name}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
}
