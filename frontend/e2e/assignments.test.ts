import { type Lang, translate } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  answerAdditionGame,
  IN_TR,
  newContext,
  pupilSignsIn,
  teacherOnClassPage,
  withStackAndBrowser,
} from './harness/index.js';

const SCHOOL = '198.51.100.30';

const e2e = withStackAndBrowser();

describe.each(IN_TR)('in %s', (lang: Lang) => {
  it('a teacher assigns practice; one pupil sees it first at home, starts it with one tap, finishes it; the teacher sees who finished', async () => {
    const { teacher, code, pupils, page } = await teacherOnClassPage(e2e, lang);
    await page.getByTestId('no-assignments').waitFor();

    // Addition, very easy, 5 questions, due in a week (the form's default), for the whole class.
    const form = page.getByTestId('assign-form');
    await form.locator('select[name="gameType"]').selectOption('toplama');
    await form.locator('select[name="difficulty"]').selectOption('çok kolay');
    await form.locator('select[name="questionsCount"]').selectOption('5');
    await form.getByTestId('assign-for-class').check();
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('assignment').waitFor();
    expect(await page.getByTestId('assignment-pupil').count()).toBe(3);
    expect(await page.locator('[data-testid="assignment-pupil"][data-finished="true"]').count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);

    // A bad due date is refused on its field, in the page's language.
    await form.getByTestId('assign-due').fill('2020-01-01');
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => form.getByRole('alert').first().textContent())
      .toBe(translate('assignment_due_invalid', lang));
    expect(await page.getByTestId('assignment').count()).toBe(1);

    // Ada signs in (her class code, name and pictures) and finds the practice first on her home screen.
    const pupilContext = await newContext(e2e.browser, lang, { forwardedFor: SCHOOL });
    const ada = pupils[0]!;
    await pupilSignsIn(e2e.stack, pupilContext, { code, pupilId: ada.id, pictures: ada.pictures });
    const home = await pupilContext.newPage();
    await home.goto(`${e2e.stack.baseUrl}/`);
    const tile = home.getByTestId('start-assignment');
    await tile.waitFor();
    const firstHeading = await home.locator('main h1, main h2').first().textContent();
    expect(firstHeading).toBe(lang === 'tr' ? 'Öğretmeninin verdiği ödevler' : 'Practice from your teacher');
    const [tileBox, heroBox] = await Promise.all([
      tile.boundingBox(),
      home.getByTestId('hero-play').boundingBox(),
    ]);
    expect(tileBox!.y).toBeLessThan(heroBox!.y);
    expect(tileBox!.height).toBeGreaterThanOrEqual(48);
    expect(await accessibilityProblems(home)).toEqual([]);

    // One tap: the game begins at once with the assignment's settings (no settings screen).
    await tile.click();
    await home.waitForURL(/\/gameplay\?/);
    await home.getByTestId('question').waitFor();
    expect(await home.getByTestId('start-game').count()).toBe(0);
    expect(await home.getByTestId('question-counter').textContent()).toMatch(/1\D+5/);
    await answerAdditionGame(home, 5);

    // The teacher's page updates by itself: Ada finished with 5/5, the others not.
    await expect
      .poll(
        () => page.locator('[data-testid="assignment-pupil"][data-finished="true"] th').allTextContents(),
        { timeout: 30_000 },
      )
      .toEqual([ada.name]);
    const adaRow = page.locator('[data-testid="assignment-pupil"][data-finished="true"]');
    expect(await adaRow.getByTestId('assignment-score').textContent()).toBe(
      lang === 'tr' ? '5/5 doğru' : '5/5 right',
    );
    expect(
      await page.locator('[data-testid="assignment-pupil"][data-finished="false"] th').allTextContents(),
    ).toEqual(pupils.slice(1).map((p) => p.name));
    expect(await accessibilityProblems(page)).toEqual([]);

    // Back home, Ada's practice shows as done.
    await home.goto(`${e2e.stack.baseUrl}/`);
    await home.locator('[data-testid="my-assignment"][data-done="true"]').waitFor();
    expect(await home.getByTestId('start-assignment').count()).toBe(0);

    await pupilContext.close();
    await teacher.close();
  });
});
