import { type GenerateOptions, type Question, translate } from '@mathgames/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastAtom } from '../../../components/ui/toast.js';
import { CURRENT_USER_KEY } from '../../../lib/auth.js';
import { readGuestMastery } from '../../../lib/guest-mastery.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { store } from '../../../lib/store.js';
import { fakeApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { testUser } from '../../../testing/users.js';
import { FEEDBACK_MS, GENERATION_DELAY_MS, TICK_MS } from '../hooks/game-machine.js';
import { pauseAfterWrongAtom } from '../hooks/learning-settings.js';
import { GameplayScreen } from './gameplay-screen.js';

function question(num1: number, num2: number, options: number[]): Question {
  const answer = num1 + num2;
  return {
    gameType: 'toplama',
    difficulty: 'kolay',
    num1,
    num2,
    operator: '+',
    answer,
    options,
    mistakes: options.map((o) => (o === answer ? null : 'off-by-one')),
    answerIndex: options.indexOf(answer),
    source: 'pool',
  };
}

// Five fixed questions; the right answer sits at positions 1, 2, 3, 4, 1.
const QUESTIONS = [
  question(2, 3, [5, 6, 4, 7]),
  question(4, 4, [9, 8, 7, 10]),
  question(1, 6, [8, 6, 7, 9]),
  question(5, 5, [9, 11, 12, 10]),
  question(3, 3, [6, 5, 7, 8]),
];
const fixedGenerator = (_options: GenerateOptions) => QUESTIONS;
const settings = { gameType: 'toplama', difficulty: 'kolay', count: 5 } as const;

async function renderGame(generate: (options: GenerateOptions) => Question[] = fixedGenerator) {
  renderWithApp(<GameplayScreen initialSettings={settings} generate={generate} />);
  await screen.findByTestId('start-game');
  vi.useFakeTimers();
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

async function startAndGenerate() {
  fireEvent.click(screen.getByTestId('start-game'));
  await advance(GENERATION_DELAY_MS);
}

beforeEach(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await useLanguage('en', 'gameplay', 'games');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the gameplay state machine: questions and feedback', () => {
  it('goes from settings to a loading screen and, 100 ms later, to the first question', async () => {
    await renderGame();
    fireEvent.click(screen.getByTestId('start-game'));
    expect(screen.getByTestId('loading')).toBeTruthy();
    await advance(GENERATION_DELAY_MS - 1);
    expect(screen.queryByTestId('question')).toBeNull();
    await advance(1);
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 1 of 5');
    expect(screen.getByTestId('question').textContent).toContain('2+3=?');
  });

  it('with autoStart (an assignment started with one tap) skips the settings and begins with the given ones', async () => {
    const asked: GenerateOptions[] = [];
    renderWithApp(
      <GameplayScreen
        initialSettings={{ gameType: 'toplama', difficulty: 'çok kolay', count: 5 }}
        autoStart
        generate={(options) => {
          asked.push(options);
          return QUESTIONS;
        }}
      />,
    );
    expect((await screen.findByTestId('question-counter')).textContent).toBe('Question 1 of 5');
    expect(screen.queryByTestId('start-game')).toBeNull();
    expect(asked).toEqual([
      expect.objectContaining({ gameType: 'toplama', difficulty: 'çok kolay', count: 5 }),
    ]);
  });

  it('keeps the feedback for exactly 1500 ms before the next question', async () => {
    await renderGame();
    await startAndGenerate();
    fireEvent.click(screen.getByTestId('option-1'));
    expect(screen.getByTestId('feedback').textContent).toContain(translate('correct_answer', 'en'));
    expect((screen.getByTestId('option-2') as HTMLButtonElement).disabled).toBe(true);
    await advance(FEEDBACK_MS - 1);
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 1 of 5');
    await advance(1);
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 2 of 5');
    expect(screen.getByTestId('feedback').textContent).toBe('');
  });

  it('tells the right answer kindly after a wrong one', async () => {
    await renderGame();
    await startAndGenerate();
    fireEvent.click(screen.getByTestId('option-2'));
    const feedback = screen.getByTestId('feedback').textContent;
    expect(feedback).toContain(translate('wrong_answer', 'en'));
    expect(feedback).toContain('2 + 3 = 5');
    // The slip the option stands for, explained, and the spec's timing unchanged (no Next button).
    expect(screen.getByTestId('feedback-explanation').textContent).toBe(
      translate('mistake_off_by_one', 'en'),
    );
    expect(screen.queryByTestId('next-question')).toBeNull();
    expect(screen.getByTestId('option-1').dataset.state).toBe('right');
    expect(screen.getByTestId('option-2').dataset.state).toBe('wrong');
  });

  it('draws the question as a labelled model with "show me" at easy', async () => {
    await renderGame();
    await startAndGenerate();
    const button = screen.getByTestId('show-me');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const model = screen.getByTestId('show-me-model');
    // 2 + 3: five dots in a ten-frame, labelled in words for screen readers.
    expect(model.querySelectorAll('circle')).toHaveLength(5);
    const image = model.querySelector('[role="img"]')!;
    expect(document.getElementById(image.getAttribute('aria-labelledby')!)?.textContent).toContain(
      '2 blue dots',
    );
  });

  it('with "pause after a wrong answer" on, waits for Next and draws the worked step', async () => {
    await renderGame();
    fireEvent.click(screen.getByTestId('pause-after-wrong'));
    await startAndGenerate();
    fireEvent.click(screen.getByTestId('option-2'));
    await advance(FEEDBACK_MS * 4);
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 1 of 5');
    const step = screen.getByTestId('worked-step');
    expect(step.querySelector('svg')).toBeTruthy();
    expect(step.textContent).toContain('2 + 3 = 5');
    const next = screen.getByTestId('next-question');
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 2 of 5');
    // A right answer still moves on by itself.
    fireEvent.click(screen.getByTestId('option-2'));
    await advance(FEEDBACK_MS);
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 3 of 5');
    store.set(pauseAfterWrongAtom, false);
  });

  it('answers with the keys 1 to 4 and ignores keys during feedback', async () => {
    await renderGame();
    await startAndGenerate();
    fireEvent.keyDown(window, { key: '3' });
    expect(screen.getByTestId('option-3').dataset.state).toBe('wrong');
    fireEvent.keyDown(window, { key: '1' });
    expect(screen.getByTestId('option-1').dataset.state).toBe('right');
    expect(screen.getByTestId('option-3').dataset.state).toBe('wrong');
  });
});

describe('the gameplay state machine: clock, summary and errors', () => {
  it('shows the elapsed time as mm:ss, refreshed every 500 ms from the real clock', async () => {
    await renderGame();
    await startAndGenerate();
    expect(screen.getByTestId('clock').textContent).toBe('00:00');
    await advance(TICK_MS * 2);
    expect(screen.getByTestId('clock').textContent).toBe('00:01');
    await advance(60_000);
    expect(screen.getByTestId('clock').textContent).toBe('01:01');
  });

  it('finishes after the last feedback with a summary, and a new game starts over from the first question', async () => {
    await renderGame();
    await startAndGenerate();
    // Right, right, wrong, right, right.
    for (const key of ['1', '2', '4', '4', '1']) {
      fireEvent.keyDown(window, { key });
      await advance(FEEDBACK_MS);
    }
    expect(screen.getByTestId('result-summary')).toBeTruthy();
    expect(screen.getByTestId('tile-correct').textContent).toBe('4 / 5');
    expect(screen.getByTestId('tile-wrong').textContent).toBe('1');
    expect(screen.getByTestId('result-message').textContent).toBe(translate('result_good', 'en'));

    fireEvent.click(screen.getByTestId('new-game'));
    expect(screen.getByTestId('loading')).toBeTruthy();
    await advance(GENERATION_DELAY_MS);
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 1 of 5');
    expect(screen.getByTestId('clock').textContent).toBe('00:00');
  });

  it("moves a guest's outcome map on this device with each finished game", async () => {
    fakeApi({}); // nobody signed in: /api/auth/me answers no user
    await renderGame();
    const play = async () => {
      // Right, right, wrong, right, right: 4 of 5 (80 %).
      for (const key of ['1', '2', '4', '4', '1']) {
        fireEvent.keyDown(window, { key });
        await advance(FEEDBACK_MS);
      }
      expect(screen.getByTestId('result-summary')).toBeTruthy();
    };
    // Every question adds within 10 (MAT.1.2.2 and MAT.1.2.4): the first game starts both at practising.
    await startAndGenerate();
    await play();
    expect(readGuestMastery().map((s) => [s.outcome, s.level, s.games])).toEqual([
      ['MAT.1.2.2', 'practising', 1],
      ['MAT.1.2.4', 'practising', 1],
    ]);
    // The next game at 80 %: one step up.
    fireEvent.click(screen.getByTestId('new-game'));
    await advance(GENERATION_DELAY_MS);
    await play();
    expect(readGuestMastery().map((s) => [s.level, s.games])).toEqual([
      ['familiar', 2],
      ['familiar', 2],
    ]);
  });

  it('keeps no outcome map on the device for a signed-in pupil: the server keeps theirs', async () => {
    fakeApi({ '/api/auth/me': testUser() });
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_KEY, testUser());
    renderWithApp(<GameplayScreen initialSettings={settings} generate={fixedGenerator} />, client);
    await screen.findByTestId('start-game');
    vi.useFakeTimers();
    await startAndGenerate();
    for (const key of ['1', '2', '3', '4', '1']) {
      fireEvent.keyDown(window, { key });
      await advance(FEEDBACK_MS);
    }
    expect(screen.getByTestId('result-summary')).toBeTruthy();
    expect(readGuestMastery()).toEqual([]);
  });

  it('returns to the settings with an error toast when the questions cannot be generated', async () => {
    await renderGame(() => {
      throw new Error('question generation ran out of questions');
    });
    await startAndGenerate();
    expect(screen.getByTestId('start-game')).toBeTruthy();
    expect(store.get(toastAtom)?.description).toBe(translate('question_generation_error', 'en'));
    expect(store.get(toastAtom)?.variant).toBe('destructive');
  });

  it.each([
    [
      'throws "invalid game type"',
      () => {
        throw new Error('invalid game type');
      },
    ],
    ['gives no questions', () => []],
  ])('returns to the settings with game_start_error when the generator %s', async (_, failing) => {
    await renderGame(failing);
    await startAndGenerate();
    expect(screen.getByTestId('start-game')).toBeTruthy();
    expect(store.get(toastAtom)?.description).toBe(translate('game_start_error', 'en'));
    expect(store.get(toastAtom)?.variant).toBe('destructive');
  });
});
