import type { Difficulty, GameType, Question, QuestionCount } from '@mathgames/contracts';

/** Game timings: the pause before the questions appear, how long feedback shows, the clock tick. */
export const GENERATION_DELAY_MS = 100;
export const FEEDBACK_MS = 1500;
export const TICK_MS = 500;

export type Stage = 'settings' | 'loading' | 'playing' | 'finished';

export interface GameSettings {
  gameType: GameType;
  difficulty: Difficulty;
  count: QuestionCount;
}

export interface Feedback {
  chosen: number;
  correct: boolean;
}

export interface GameState {
  stage: Stage;
  settings: GameSettings;
  questions: Question[];
  /** Index of the question on screen. */
  index: number;
  /** The player's answer per question; null = unanswered. */
  answers: Array<number | null>;
  feedback: Feedback | null;
  startedAt: number | null;
  elapsedMs: number;
}

export type GameAction =
  | { type: 'configure'; settings: Partial<GameSettings> }
  | { type: 'start' }
  | { type: 'generated'; questions: Question[]; now: number }
  | { type: 'generation-failed' }
  | { type: 'tick'; now: number }
  | { type: 'answer'; value: number }
  | { type: 'advance'; now: number }
  | { type: 'reset' };

export function initialGameState(settings: GameSettings): GameState {
  return {
    stage: 'settings',
    settings,
    questions: [],
    index: 0,
    answers: [],
    feedback: null,
    startedAt: null,
    elapsedMs: 0,
  };
}

/** settings → loading → playing ⇄ feedback → finished; generation errors go back to settings. */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'configure':
      // Also from the summary, so "the next step" can start a game at the suggested level.
      return state.stage === 'settings' || state.stage === 'finished'
        ? { ...state, settings: { ...state.settings, ...action.settings } }
        : state;
    case 'start':
      return state.stage === 'settings' || state.stage === 'finished'
        ? { ...initialGameState(state.settings), stage: 'loading' }
        : state;
    case 'generated':
      if (state.stage !== 'loading') return state;
      // The clock starts when the questions exist.
      return {
        ...state,
        stage: 'playing',
        questions: action.questions,
        answers: action.questions.map(() => null),
        index: 0,
        startedAt: action.now,
        elapsedMs: 0,
      };
    case 'generation-failed':
      return state.stage === 'loading' ? initialGameState(state.settings) : state;
    case 'tick':
      return state.stage === 'playing' && state.startedAt !== null
        ? { ...state, elapsedMs: Math.max(0, action.now - state.startedAt) }
        : state;
    case 'answer': {
      const question = state.questions[state.index];
      if (state.stage !== 'playing' || state.feedback || !question) return state;
      const answers = [...state.answers];
      answers[state.index] = action.value;
      return {
        ...state,
        answers,
        feedback: { chosen: action.value, correct: action.value === question.answer },
      };
    }
    case 'advance': {
      if (state.stage !== 'playing' || !state.feedback) return state;
      const elapsedMs =
        state.startedAt === null ? state.elapsedMs : Math.max(0, action.now - state.startedAt);
      if (state.index + 1 >= state.questions.length) {
        return { ...state, stage: 'finished', feedback: null, elapsedMs };
      }
      return { ...state, index: state.index + 1, feedback: null, elapsedMs };
    }
    case 'reset':
      return initialGameState(state.settings);
  }
}

export interface GameSummary {
  total: number;
  correct: number;
  /** Answered but wrong; unanswered questions are not wrong. */
  wrong: number;
  unanswered: number;
  totalSeconds: number;
}

export function summarise(
  questions: Question[],
  answers: Array<number | null>,
  elapsedMs: number,
): GameSummary {
  let correct = 0;
  let wrong = 0;
  questions.forEach((question, i) => {
    const answer = answers[i];
    if (answer === null || answer === undefined) return;
    if (answer === question.answer) correct++;
    else wrong++;
  });
  return {
    total: questions.length,
    correct,
    wrong,
    unanswered: questions.length - correct - wrong,
    totalSeconds: Math.round(elapsedMs / 1000),
  };
}
