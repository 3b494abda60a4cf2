import { mkdirSync } from 'node:fs';
import { type Lang, translate } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  IN_EN,
  newContext,
  pupilSignsIn,
  teacherOnClassPage,
  withStackAndBrowser,
} from './harness/index.js';

// Every pupil's browser comes through the school's one address, as a proxy in front of the gateway says.
const SCHOOL = '198.51.100.21';

const e2e = withStackAndBrowser();

describe.each(IN_EN)('in %s', (lang: Lang) => {
  it("the teacher makes a pupil's QR code; opening it signs the pupil in; turned off, it says so kindly", async () => {
    const { teacher, pupils, page } = await teacherOnClassPage(e2e, lang);
    const ada = pupils[0]!;
    const qrButton = page.getByRole('button', {
      name: lang === 'tr' ? 'Ada için QR kod' : 'QR code for Ada',
    });
    await qrButton.waitFor();
    expect((await qrButton.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await qrButton.click();
    await page.getByTestId('make-pupil-qr').click();
    await page.getByTestId('pupil-qr').locator('svg').waitFor();
    const link = (await page.getByTestId('pupil-qr-link').textContent())!;
    expect(link).toMatch(new RegExp(`^${e2e.stack.baseUrl}/class/qr#${ada.id}\\.[A-Za-z0-9_-]{32}$`));
    expect(await accessibilityProblems(page)).toEqual([]);

    // The pupil opens it (as a phone or tablet camera would): straight into the app, as Ada.
    const pupil = await newContext(e2e.browser, lang, { forwardedFor: SCHOOL });
    const pupilPage = await pupil.newPage();
    await pupilPage.goto(link);
    await pupilPage.waitForURL(`${e2e.stack.baseUrl}/`);
    const me = await (await pupilPage.request.get(`${e2e.stack.baseUrl}/api/auth/me`)).json();
    expect(me).toMatchObject({ id: ada.id, role: 'pupil', email: null });

    // Turned off: the same code no longer signs anyone in, and the page says what to do.
    await page.getByTestId('revoke-pupil-qr').click();
    await page.getByTestId('pupil-qr').waitFor({ state: 'detached' });
    const other = await newContext(e2e.browser, lang, { forwardedFor: SCHOOL });
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await otherPage.getByTestId('qr-error').waitFor();
    expect(await otherPage.getByTestId('qr-error').textContent()).toBe(translate('pupil_link_invalid', lang));
    // The secret left the address bar.
    expect(otherPage.url()).toBe(`${e2e.stack.baseUrl}/class/qr`);
    expect(await accessibilityProblems(otherPage)).toEqual([]);
    for (const context of [teacher, pupil, other]) await context.close();
  });

  it('prints login cards for the class on A4: class, name, code, three pictures and a QR code per card', async () => {
    const { teacher, classId, code, pupils, page } = await teacherOnClassPage(e2e, lang);
    await page.getByTestId('print-cards-link').click();
    await page.waitForURL(`${e2e.stack.baseUrl}/teacher/classes/${classId}/cards`);
    await page.getByTestId('issue-cards').waitFor();
    // axe on the cards page before the cards are issued: the sweep (a teacher's …/cards), harness/axe-sweep.ts.
    await page.getByTestId('issue-cards').click();
    await page.getByTestId('login-card-qr').nth(2).waitFor();
    const cards = page.getByTestId('login-card');
    expect(await cards.count()).toBe(3);
    const first = cards.first();
    expect(await first.textContent()).toContain('2-A');
    expect(await first.textContent()).toContain(code);
    expect(await first.textContent()).toContain(pupils[0]!.name);
    expect(await first.locator('[data-picture]').count()).toBe(3);
    expect(await accessibilityProblems(page)).toEqual([]);

    // The printed pictures are Ada's new password.
    const pictures = await first
      .locator('[data-picture]')
      .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-picture')));
    const pupil = await newContext(e2e.browser, lang, { forwardedFor: SCHOOL });
    await pupilSignsIn(e2e.stack, pupil, { code, pupilId: pupils[0]!.id, pictures });

    // On paper: no buttons, two cards side by side, A4 width.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-cards').isVisible()).toBe(false);
    const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x + a.width - 2);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/login-cards-print-${lang}.png`, fullPage: true });
    for (const context of [teacher, pupil]) await context.close();
  });
});
