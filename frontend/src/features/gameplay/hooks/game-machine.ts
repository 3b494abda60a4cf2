import {
  ANSWER_FEEDBACK_MS,
  type Difficulty,
  type GameType,
  type Question,
  type QuestionCount,
} from '@mathgames/contracts';

/** Game timings: the pause before the questions appear, how long feedback shows, the clock tick. */
export const GENERATION_DELAY_MS = 100;
/** One source with the server's time floor (contracts' answer check), so the two cannot drift apart. */
export const FEEDBACK_MS = ANSWER_FEEDBACK_MS;
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
  /** Per question: ms from the question appearing to the tap, feedback excluded (fact fluency); null = unanswered. */
  responseMs: Array<number | null>;
  /** When the question on screen appeared (null: not playing, or an answer without a clock). */
  shownAt: number | null;
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
  | { type: 'answer'; value: number; now?: number }
  | { type: 'advance'; now: number }
  | { type: 'reset' };

export function initialGameState(settings: GameSettings): GameState {
  return {
    stage: 'settings',
    settings,
    questions: [],
    index: 0,
    answers: [],
    responseMs: [],
    shownAt: null,
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
        responseMs: action.questions.map(() => null),
        shownAt: action.now,
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
      const responseMs = [...state.responseMs];
      responseMs[state.index] =
        action.now !== undefined && state.shownAt !== null
          ? Math.max(0, Math.round(action.now - state.shownAt))
          : null;
      return {
        ...state,
        answers,
        responseMs,
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
      // The next question's clock starts now: the feedback time is never counted in a response time.
      return { ...state, index: state.index + 1, feedback: null, elapsedMs, shownAt: action.now };
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
