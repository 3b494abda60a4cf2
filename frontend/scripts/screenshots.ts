/**
 * Screenshots of every screen at three sizes (phone, tablet, classroom board) in tr and en, for looking at before calling a screen
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
      const shoot = async (name: string) => {
        const file = `${outDir}/${lang}-${size.name}-${name}.png`;
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
      };
      for (const path of PATHS) {
        const url = `${baseUrl}${path}${path.includes('?') ? '&' : '?'}lng=${lang}`;
        await page.goto(url, { waitUntil: 'networkidle' });
        await shoot(path.replace(/[^a-z0-9]+/gi, '_'));
      }
      if (only.length) continue;
      // The game's own states: a fraction question, its feedback, the summary; then the auth modal.
      await page.goto(`${baseUrl}/gameplay?type=kesirler&lng=${lang}`);
      await page.getByTestId('count-5').click();
      await page.getByTestId('start-game').click();
      await page.getByTestId('question').waitFor();
      await shoot('game-question');
      await page.getByTestId('option-2').click();
      await shoot('game-feedback');
      for (let i = 0; i < 5 && !(await page.getByTestId('result-summary').isVisible()); i++) {
        await page
          .locator('[data-testid="option-1"]:not([disabled]), [data-testid="result-summary"]')
          .first()
          .waitFor();
        if (await page.getByTestId('result-summary').isVisible()) break;
        await page.keyboard.press('1');
      }
      await page.getByTestId('result-summary').waitFor();
      await shoot('game-result');
      await page.goto(`${baseUrl}/?lng=${lang}`);
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent('showLoginModal', { detail: { isLogin: false } })),
      );
      await page.getByTestId('auth-mode-register').waitFor();
      await page.locator('form button[type="submit"]').click();
      await shoot('auth-register-errors');
      await page.close();
    }
  }
} finally {
  await browser.close();
}
