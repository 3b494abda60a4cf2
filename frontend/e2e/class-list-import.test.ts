import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  accessibilityProblems,
  IN_TR,
  settleAnimations,
  teacherOnClassPage,
  withStackAndBrowser,
} from './harness/index.js';

const SCREENS = 'test-results';
const e2e = withStackAndBrowser();

/** A class list file as a school's export holds it: a header, an identity-number column, and Bora already there. */
const CSV = [
  'Sıra No;Öğrenci No;T.C. Kimlik No;Adı;Soyadı',
  '1;101;12345678901;Deniz;Kaya',
  '2;102;23456789012;Bora;',
  '3;103;34567890123;Elif;Demir',
].join('\r\n');

/** A 30-pupil class as an Excel export: a header, identity numbers as number cells, every name new to the class. */
async function workbookOf30(): Promise<Buffer> {
  const firsts = ['Ali', 'Ayşe', 'Berk', 'Ceren', 'Deniz', 'Ece', 'Emre', 'Elif', 'Furkan', 'Gizem'];
  const lasts = ['Kaya', 'Demir', 'Şahin'];
  const rows = lasts.flatMap((last, l) =>
    firsts.map((first, f) => [l * 10 + f + 1, 10_000_000_000 + l * 10 + f, first, last]),
  );
  return writeXlsxFile([['Sıra No', 'T.C. Kimlik No', 'Adı', 'Soyadı'], ...rows]).toBuffer();
}

describe.each(IN_TR)('the class list import, in %s', (lang) => {
  it('previews the names of an e-Okul file without identity numbers, marks who is there, and adds only the new', async () => {
    const { page, teacher, classId } = await teacherOnClassPage(e2e, lang);
    const panel = page.getByTestId('class-list-import');
    await panel.waitFor();
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posted.push(r.postData() ?? '');
    });
    await page.getByTestId('import-file').setInputFiles({
      name: 'sinif-listesi.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    const rows = page.getByTestId('import-row');
    await rows.first().waitFor();
    expect(await rows.allTextContents()).toEqual([
      'Deniz Kaya',
      expect.stringContaining('Bora'),
      'Elif Demir',
    ]);
    expect(await rows.nth(1).getAttribute('data-present')).toBe('true');
    expect(await page.getByTestId('import-ids-dropped').textContent()).toContain('3');
    expect(await panel.textContent()).not.toMatch(/\d{11}/);
    await settleAnimations(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    mkdirSync(SCREENS, { recursive: true });
    await panel.screenshot({ path: `${SCREENS}/class-list-import-${lang}.png` });

    // Saving by keyboard adds the two new pupils; importing the same file again adds nobody.
    const saved = page.waitForResponse((r) => r.url().endsWith('/pupils/import'));
    await page.getByTestId('import-save').focus();
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(201);
    for (const body of posted) expect(body).not.toMatch(/\d{11}/);
    const list = async () =>
      (
        (await (await teacher.request.get(`${e2e.stack.baseUrl}/api/classes/${classId}/pupils`)).json()) as {
          items: Array<{ name: string }>;
        }
      ).items.map((p) => p.name);
    expect((await list()).sort()).toEqual(['Ada', 'Bora', 'Cem', 'Deniz Kaya', 'Elif Demir']);
    // The preview closes and the file field opens again once the class list holds the new pupils.
    await page.getByTestId('import-preview-list').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('import-file').isEnabled()).toBe(true);
    await page.getByTestId('import-file').setInputFiles({
      name: 'sinif-listesi.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await expect
      .poll(async () =>
        page.getByTestId('import-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-present'))),
      )
      .toEqual(['true', 'true', 'true']);
    expect(await page.getByTestId('import-save').isDisabled()).toBe(true);
    expect(await list()).toHaveLength(5);
    await teacher.close();
  });
});

describe('the class list import from Excel', () => {
  it('adds a 30-pupil Excel class list once, however often it is imported', async () => {
    const { page, teacher, classId } = await teacherOnClassPage(e2e, 'tr');
    await page.getByTestId('class-list-import').waitFor();
    const file = {
      name: 'sinif-listesi.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbookOf30(),
    };
    const count = async () =>
      (
        (await (await teacher.request.get(`${e2e.stack.baseUrl}/api/classes/${classId}/pupils`)).json()) as {
          items: unknown[];
        }
      ).items.length;
    // A file named .xlsx that is no workbook: the teacher is told, in Turkish, what to do instead.
    await page.getByTestId('import-file').setInputFiles({ ...file, buffer: Buffer.from('Adı;Soyadı') });
    await expect.poll(() => page.getByTestId('import-error').textContent()).toContain('Bu dosya okunamadı');

    await page.getByTestId('import-file').setInputFiles(file);
    await expect.poll(() => page.getByTestId('import-row').count()).toBe(30);
    expect(await page.getByTestId('import-error').count()).toBe(0);
    expect(await page.getByTestId('import-ids-dropped').textContent()).toContain('30');
    expect(await page.getByTestId('import-row').first().textContent()).toBe('Ali Kaya');
    const saved = page.waitForResponse((r) => r.url().endsWith('/pupils/import'));
    await page.getByTestId('import-save').click();
    expect((await saved).status()).toBe(201);
    expect(await count()).toBe(33);

    // The same workbook again: every name is already in the class, and nothing can be added.
    await page.getByTestId('import-preview-list').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('import-file').isEnabled()).toBe(true);
    await page.getByTestId('import-file').setInputFiles(file);
    await expect.poll(() => page.locator('[data-testid="import-row"][data-present="true"]').count()).toBe(30);
    expect(await page.getByTestId('import-save').isDisabled()).toBe(true);
    expect(await count()).toBe(33);
    await teacher.close();
  });
});
