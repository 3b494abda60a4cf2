import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  classOfThree,
  newContext,
  pupilSignsIn,
  settleAnimations,
  withStackAndBrowser,
} from './harness/index.js';

const SCREENS = 'test-results';
const e2e = withStackAndBrowser();

/** Four addition facts Ada knows, each tapped 1.2 s after it appeared, and one she keeps getting wrong by one. */
const KNOWN = [
  ['3 + 4', 7],
  ['2 + 5', 7],
  ['6 + 1', 7],
  ['4 + 4', 8],
] as const;
const game = {
  gameType: 'toplama',
  difficulty: 'çok kolay',
  questionsCount: 5,
  correctAnswers: 4,
  totalTime: 12,
  questions: [
    ...KNOWN.map(([question, answer]) => ({
      question,
      answer,
      userAnswer: answer,
      isCorrect: true,
      responseMs: 1200,
    })),
    { question: '2 + 6', answer: 8, userAnswer: 7, isCorrect: false, responseMs: 1200 },
  ],
};

describe('the family report', () => {
  it('prints on one black-and-white A4 page what a pupil practised, the facts she knows and her recurring mistake', async () => {
    const { teacher, classId, code, pupils } = await classOfThree(e2e, 'tr');
    const ada = pupils[0]!;
    const pupil = await newContext(e2e.browser, 'tr', { forwardedFor: '198.51.100.41' });
    await pupilSignsIn(e2e.stack, pupil, { code, pupilId: ada.id, pictures: ada.pictures });
    for (let i = 0; i < 3; i++) {
      const saved = await pupil.request.post(`${e2e.stack.baseUrl}/api/game-results`, { data: game });
      expect(saved.status()).toBe(201);
    }

    // The teacher opens it from Ada's detail on the class page; the workers fold the games in a moment later.
    const page = await teacher.newPage();
    await page.goto(`${e2e.stack.baseUrl}/teacher/classes/${classId}`);
    await page.getByTestId('open-pupil-detail').filter({ hasText: 'Ada' }).click();
    await page.getByTestId('open-family-report').click();
    await page.waitForURL(`**/teacher/classes/${classId}/pupils/${ada.id}/report`);
    const additionFacts = page.locator('[data-testid="report-facts-grid"][data-grid="addition"]');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('family-report').waitFor();
          // The progress, the facts and the ladder are three read models: wait for all three games in each.
          const stages = await page
            .getByTestId('report-outcome-stage')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-level')).join(' '));
          return `${await page.getByTestId('report-summary').textContent()} · ${await additionFacts.textContent()} · ${stages}`;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toMatch(/15 soru yanıtladı, %80 doğru.* · .*işlemden 4.* · proficient proficient$/s);
    const report = page.getByTestId('family-report');
    expect(await report.locator('h1').textContent()).toBe('Ada');
    expect(await page.getByTestId('report-summary').textContent()).toContain('15 soru yanıtladı, %80 doğru');
    expect(await page.getByTestId('report-outcome').allTextContents()).toEqual([
      // Practising after the first game, then a step up for each game of 80 %.
      expect.stringMatching(/^MAT\.1\.2\.2 .* — İyi biliyor \(3 oyun, %80 doğru\)$/),
      expect.stringMatching(/^MAT\.1\.2\.4 .* — İyi biliyor \(3 oyun, %80 doğru\)$/),
    ]);
    for (const [fact] of KNOWN) expect(await additionFacts.textContent()).toContain(fact);
    expect(await additionFacts.textContent()).not.toContain('2 + 6');
    expect(await page.getByTestId('report-mistake').count()).toBe(1);
    expect(await page.getByTestId('report-mistake').textContent()).toContain('3');

    // The family reads English: chosen by keyboard; nothing of the choice is printed.
    await page.getByTestId('report-lang-en').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('report-summary').textContent())
      .toContain('15 questions answered');
    expect(await page.getByTestId('report-outcome').first().textContent()).toContain(
      '(3 games, 80 % correct)',
    );
    await settleAnimations(page);
    expect(await accessibilityProblems(page)).toEqual([]);

    // On paper: black on white only, the controls gone, and one A4 page.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-report').isVisible()).toBe(false);
    const colours = await report.evaluate((root) => {
      const seen = new Set<string>();
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const style = getComputedStyle(el);
        seen.add(`color ${style.color}`);
        if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') seen.add(`background ${style.backgroundColor}`);
        if (style.borderBottomStyle !== 'none') seen.add(`border ${style.borderBottomColor}`);
      }
      return [...seen].sort();
    });
    expect(colours).toEqual(['background rgb(255, 255, 255)', 'border rgb(0, 0, 0)', 'color rgb(0, 0, 0)']);
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}/family-report-en.png`, fullPage: true });
    const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);

    // The whole class at once, for a parents' evening: one page per pupil, those who have not played yet included.
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`${e2e.stack.baseUrl}/teacher/classes/${classId}`);
    await page.getByTestId('class-reports-link').click();
    await expect.poll(() => page.getByTestId('family-report').count()).toBe(3);
    expect(await page.locator('[data-testid="family-report"] h1').allTextContents()).toEqual([
      'Ada',
      'Bora',
      'Cem',
    ]);
    expect(await page.getByTestId('report-summary').nth(1).textContent()).toBe('No games played yet.');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    const classPdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
    expect(classPdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(3);
    await pupil.close();
    await teacher.close();
  });
});
