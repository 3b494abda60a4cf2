import { type GenerateOptions, generateQuestions, type Question } from '@mathgames/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { celebrate } from '../../../lib/confetti.js';
import { playSound } from '../../../lib/sound.js';
import {
  FEEDBACK_MS,
  type GameSettings,
  type GameState,
  GENERATION_DELAY_MS,
  gameReducer,
  initialGameState,
  TICK_MS,
} from './game-machine.js';

/** The game could not start although the generator did not fail (it gave no questions). */
export class GameStartError extends Error {
  constructor() {
    super('the game could not start');
  }
}

/** These internal messages mean the game cannot start (game_start_error), not a generator failure. */
const GAME_START_MESSAGES = ['game type could not be determined', 'invalid game type'];

export function isGameStartError(error: unknown): boolean {
  return (
    error instanceof GameStartError || (error instanceof Error && GAME_START_MESSAGES.includes(error.message))
  );
}

export interface UseGameOptions {
  initialSettings: GameSettings;
  /** Called once when the last feedback ends, with the final state. */
  onFinished?: (state: GameState) => void;
  /** Called when questions cannot be generated (the game is back at settings). */
  onGenerationError?: (error: unknown) => void;
  generate?: (options: GenerateOptions) => Question[];
  now?: () => number;
  /** A wrong answer waits for `next()` instead of the 1500 ms timer (setting "pause after a wrong answer"). */
  pauseAfterWrong?: boolean;
}

export function useGame({
  initialSettings,
  onFinished,
  onGenerationError,
  generate = generateQuestions,
  now = Date.now,
  pauseAfterWrong = false,
}: UseGameOptions) {
  const [state, dispatch] = useReducer(gameReducer, initialSettings, initialGameState);
  const callbacks = useRef({ onFinished, onGenerationError, generate, now });
  callbacks.current = { onFinished, onGenerationError, generate, now };

  // loading: a short pause so the child sees something happen, then the questions.
  useEffect(() => {
    if (state.stage !== 'loading') return;
    const timer = setTimeout(() => {
      const { generate: make, now: clock, onGenerationError: failed } = callbacks.current;
      try {
        const questions = make({
          gameType: state.settings.gameType,
          difficulty: state.settings.difficulty,
          count: state.settings.count,
        });
        if (questions.length === 0) {
          // Nothing to play: the game cannot start (spec: game_start_error), as opposed to a generator failure.
          console.warn('no questions generated');
          dispatch({ type: 'generation-failed' });
          failed?.(new GameStartError());
          return;
        }
        dispatch({ type: 'generated', questions, now: clock() });
      } catch (error) {
        console.warn('question generation failed', error);
        dispatch({ type: 'generation-failed' });
        failed?.(error);
      }
    }, GENERATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.stage, state.settings]);

  // The clock reads real elapsed time every 500 ms, so a slow tab never drifts.
  useEffect(() => {
    if (state.stage !== 'playing') return;
    const interval = setInterval(() => dispatch({ type: 'tick', now: callbacks.current.now() }), TICK_MS);
    return () => clearInterval(interval);
  }, [state.stage]);

  // Feedback stays for 1500 ms, then the next question (or the end); a paused wrong answer waits for next().
  const hasFeedback = state.feedback !== null;
  const paused = pauseAfterWrong && state.feedback?.correct === false;
  useEffect(() => {
    if (!hasFeedback || paused) return;
    const timer = setTimeout(() => dispatch({ type: 'advance', now: callbacks.current.now() }), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [hasFeedback, paused]);
  const next = useCallback(() => dispatch({ type: 'advance', now: callbacks.current.now() }), []);

  const finishedRef = useRef(false);
  useEffect(() => {
    if (state.stage === 'finished' && !finishedRef.current) {
      finishedRef.current = true;
      playSound('victory');
      callbacks.current.onFinished?.(state);
    }
    if (state.stage !== 'finished') finishedRef.current = false;
  }, [state]);

  const start = useCallback(() => {
    playSound('startgame');
    dispatch({ type: 'start' });
  }, []);

  const answer = useCallback(
    (value: number) => {
      const question = state.questions[state.index];
      if (state.stage !== 'playing' || state.feedback || !question) return;
      const correct = value === question.answer;
      playSound(correct ? 'correct' : 'wrong');
      if (correct) void celebrate();
      dispatch({ type: 'answer', value, now: callbacks.current.now() });
    },
    [state.stage, state.feedback, state.questions, state.index],
  );

  const configure = useCallback(
    (settings: Partial<GameSettings>) => dispatch({ type: 'configure', settings }),
    [],
  );
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, start, answer, configure, reset, next, paused };
}
