import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, type Lang, translate } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  IN_TR,
  newContext,
  registeredUser,
  teacherCreatesClassThroughForm,
  teacherSignsUpThroughForm,
  withStackAndBrowser,
} from './harness/index.js';

const CODE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

const UI = {
  tr: {
    register: 'Kayıt Ol',
    username: 'Kullanıcı Adı',
    teacher: 'Öğretmenim',
    myClasses: 'Sınıflarım',
    className: 'Sınıf adı',
    grade: 'Sınıf düzeyi',
    create: 'Sınıf oluştur',
    closeJoining: 'Katılımı kapat',
    closed: 'Katılım kapalı',
    newCode: 'Yeni kod',
    delete: 'Sil',
    empty: 'Henüz sınıfınız yok',
    pupil: 'Öğrenci',
    namesLabel: 'Öğrencilerin adları',
    addPupils: 'Öğrencileri ekle',
    remove: 'çıkar',
  },
  en: {
    register: 'Sign Up',
    username: 'Username',
    teacher: 'I am a teacher',
    myClasses: 'My classes',
    className: 'Class name',
    grade: 'Grade',
    create: 'Create class',
    closeJoining: 'Close joining',
    closed: 'Joining is closed',
    newCode: 'New code',
    delete: 'Delete',
    empty: 'You have no classes yet',
    pupil: 'Pupil',
    namesLabel: "Pupils' names",
    addPupils: 'Add pupils',
    remove: 'Remove',
  },
} as const;

const e2e = withStackAndBrowser();

describe.each(IN_TR)('in %s', (lang: Lang) => {
  const ui = UI[lang];

  it('a teacher signs up as a teacher, verifies the e-mail, creates a class and manages its code', async () => {
    const context = await newContext(e2e.browser, lang);
    const page = await context.newPage();
    await teacherSignsUpThroughForm(e2e.stack, page, {
      prefix: 'teacher',
      suffix: `${lang}${Date.now().toString(36)}`,
      labels: ui,
    });

    await page.goto(`${e2e.stack.baseUrl}/`);
    await page.getByRole('link', { name: ui.myClasses }).first().click();
    await page.waitForURL(`${e2e.stack.baseUrl}/teacher`);
    await page.getByTestId('no-classes').waitFor();
    expect(await page.getByTestId('no-classes').textContent()).toContain(ui.empty);

    // Bad input is named on its field, in the page language.
    await page.getByRole('button', { name: ui.create }).click();
    expect(await page.getByTestId('error-name').textContent()).toContain(
      translate('class_name_required', lang),
    );

    const { card, code } = await teacherCreatesClassThroughForm(page, { name: '3-A', grade: 3, labels: ui });
    expect(code).toMatch(CODE);
    // axe on the classes page with a class: the sweep (a teacher's /teacher), harness/axe-sweep.ts.

    // 25 pupils pasted at once: each gets three pictures, shown this once.
    await card.getByTestId('open-pupils').click();
    await page.getByTestId('no-pupils').waitFor();
    const names = Array.from({ length: 25 }, (_, i) => `${ui.pupil} ${i + 1}`);
    await page.getByLabel(ui.namesLabel).fill(names.join('\n'));
    await page.getByRole('button', { name: ui.addPupils }).click();
    const fresh = page.getByTestId('fresh-pictures');
    await fresh.waitFor();
    expect(await fresh.getByTestId('picture-password').count()).toBe(25);
    expect(await fresh.getByTestId('picture-password').first().locator('[data-picture]').count()).toBe(3);
    await expect.poll(() => page.getByTestId('pupil-row').count()).toBe(25);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByTestId('pupil-row').first().getByRole('button', { name: ui.remove }).click();
    await page.getByTestId('confirm-remove-pupil').click();
    await expect.poll(() => page.getByTestId('pupil-row').count()).toBe(24);
    await page.goto(`${e2e.stack.baseUrl}/teacher`);
    await card.waitFor();

    await card.getByRole('button', { name: ui.closeJoining }).click();
    await expect.poll(() => card.getByTestId('joining-state').textContent()).toContain(ui.closed);
    await card.getByRole('button', { name: ui.newCode }).click();
    await expect.poll(async () => (await card.getByTestId('join-code').textContent())?.trim()).not.toBe(code);
    expect((await card.getByTestId('join-code').textContent())?.trim()).toMatch(CODE);

    await card.getByRole('button', { name: ui.delete, exact: true }).click();
    await page.getByTestId('confirm-delete-class').click();
    await page.getByTestId('no-classes').waitFor();
    await context.close();
  });

  it('an account that is not a teacher sees what the page is for, and no class controls', async () => {
    const context = await newContext(e2e.browser, lang);
    await registeredUser(e2e.stack, context, { lang, prefix: 'parent' });
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/teacher`);
    await page.getByTestId('not-teacher').waitFor();
    expect(await page.getByTestId('create-class-form').count()).toBe(0);
    expect(await page.getByRole('link', { name: ui.myClasses }).count()).toBe(0);
    await context.close();
  });
});
