import {
  DEFAULT_DIFFICULTY,
  DEFAULT_QUESTION_COUNT,
  type Difficulty,
  GAME_TYPE_KEYS,
  type GameType,
  generateQuestions,
  successRate,
} from '@mathgames/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast.js';
import { useCurrentUser } from '../../../lib/auth.js';
import { rememberTopicSettings, writeSelection } from '../../../lib/game-selection.js';
import { recordGuestMastery } from '../../../lib/guest-mastery.js';
import { usePageHead } from '../../../lib/head.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { recordScore } from '../../../lib/recent-scores.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { uuid } from '../../../lib/uuid.js';
import { addGuestMistakes, REVIEW_KEY } from '../api/review-schedule.js';
import { buildGameResult, recordFinishedGame, type SaveState } from '../api/save-game-result.js';
import { type GameSettings, type GameState, summarise } from '../hooks/game-machine.js';
import { usePauseAfterWrong } from '../hooks/learning-settings.js';
import { favouring, usePractisedFacts } from '../hooks/practised-facts.js';
import { isGameStartError, type UseGameOptions, useGame } from '../hooks/use-game.js';
import { chosenMistake, QuestionView } from './question-view.js';
import { ResultSummary } from './result-summary.js';
import { SettingsPanel } from './settings-panel.js';

export interface GameplayScreenProps {
  /** The topic, with the choices stored on this device (adopted after hydration on a pre-rendered page). */
  initialSettings: GameSettings;
  /** Skip the settings stage and begin with `initialSettings` (an assignment started with one tap). */
  autoStart?: boolean;
  /** Test seam: the question generator. */
  generate?: UseGameOptions['generate'];
}

function LoadingView() {
  const { t } = useTranslation('gameplay');
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24" aria-busy="true">
      <div aria-hidden="true" className="skeleton size-20 rounded-full bg-brand-200" />
      <p role="status" className="mt-6 text-2xl font-bold text-slate-800" data-testid="loading">
        {t('loading')}
      </p>
    </section>
  );
}

export function GameplayScreen({
  initialSettings,
  autoStart = false,
  generate = generateQuestions,
}: GameplayScreenProps) {
  const { t } = useTranslation(['gameplay', 'common']);
  const message = useMessage();
  const { saveState, onFinished } = useFinishedGame();
  const onGenerationError = useCallback(
    (error: unknown) => {
      toast({
        title: message('error_title'),
        description: message(isGameStartError(error) ? 'game_start_error' : 'question_generation_error'),
        variant: 'destructive',
      });
    },
    [message],
  );

  // The build draws each topic's settings screen ahead of time with the defaults, the same for every child; the
  // browser hydrates that markup with the same defaults and adopts the choices stored on this device right
  // after, before the next paint (the controls stay disabled until then, so a tap never hits a stale choice).
  const hydrated = useHydrated();
  const [pauseAfterWrong] = usePauseAfterWrong();
  const practised = usePractisedFacts();
  const { state, start, answer, configure, next, paused } = useGame({
    initialSettings: hydrated
      ? initialSettings
      : { gameType: initialSettings.gameType, difficulty: DEFAULT_DIFFICULTY, count: DEFAULT_QUESTION_COUNT },
    onFinished,
    onGenerationError,
    generate: favouring(practised, generate),
    pauseAfterWrong,
  });
  const storedAdopted = useRef(hydrated);
  useLayoutEffect(() => {
    if (!hydrated || storedAdopted.current) return;
    storedAdopted.current = true;
    configure({ difficulty: initialSettings.difficulty, count: initialSettings.count });
  }, [hydrated, configure, initialSettings.difficulty, initialSettings.count]);
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!hydrated || !autoStart || autoStarted.current || state.stage !== 'settings') return;
    autoStarted.current = true;
    start();
  }, [hydrated, autoStart, state.stage, start]);
  const topicName = t(`common:topics.${GAME_TYPE_KEYS[state.settings.gameType]}`);
  usePageHead({
    title: t('gameplay:title', { topic: topicName }),
    description: t('gameplay:description', { topic: topicName }),
  });

  const onChange = useCallback(
    (settings: Partial<GameSettings>) => {
      configure(settings);
      writeSelection({ difficulty: settings.difficulty, questions: settings.count });
      rememberTopicSettings(initialSettings.gameType, {
        difficulty: settings.difficulty,
        questions: settings.count,
      });
    },
    [configure, initialSettings.gameType],
  );

  switch (state.stage) {
    case 'settings':
      return <SettingsPanel settings={state.settings} onChange={onChange} onStart={start} ready={hydrated} />;
    case 'loading':
      return <LoadingView />;
    case 'playing': {
      const question = state.questions[state.index];
      if (!question) return <LoadingView />;
      return (
        <QuestionView
          settings={state.settings}
          question={question}
          index={state.index}
          total={state.questions.length}
          elapsedMs={state.elapsedMs}
          feedback={state.feedback}
          onAnswer={answer}
          onNext={paused ? next : undefined}
        />
      );
    }
    case 'finished':
      return (
        <ResultSummary
          gameType={state.settings.gameType as GameType}
          difficulty={state.settings.difficulty}
          startedAt={state.startedAt ?? 0}
          questions={state.questions}
          answers={state.answers}
          elapsedMs={state.elapsedMs}
          saveState={saveState}
          onNewGame={start}
          onPlayDifficulty={(difficulty: Difficulty) => {
            onChange({ difficulty });
            start();
          }}
        />
      );
  }
}

/**
 * What follows a finished game: its result saved (the save state shown on the summary), its score kept for the
 * next-step suggestion, and its slips handed to "practice my mistakes".
 */
function useFinishedGame() {
  const queryClient = useQueryClient();
  const finishedKey = useRef<string | null>(null);
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saving' });
  const signedIn = useRef(false);
  signedIn.current = user !== null;

  const onFinished = useCallback(
    (state: GameState) => {
      // One Idempotency-Key per finished game: the server stores a re-send of the same game once.
      const key = uuid();
      finishedKey.current = key;
      setSaveState({ kind: 'saving' });
      void recordFinishedGame(queryClient, state, key, userId).then((saved) => {
        if (finishedKey.current === key) setSaveState(saved);
      });
      const summary = summarise(state.questions, state.answers, state.elapsedMs);
      recordScore(state.settings.gameType, state.settings.difficulty, {
        at: state.startedAt ?? Date.now(),
        percent: successRate(summary.correct, summary.total),
      });
      // "Practice my mistakes" and the outcome map: the server keeps a signed-in pupil's; a guest's stay on this
      // device.
      if (signedIn.current) void queryClient.invalidateQueries({ queryKey: REVIEW_KEY });
      else {
        addGuestMistakes(
          state.questions.flatMap((q, i) => {
            const mistake = chosenMistake(q, state.answers[i]);
            return mistake && state.answers[i] !== q.answer
              ? [{ gameType: state.settings.gameType, difficulty: state.settings.difficulty, mistake }]
              : [];
          }),
        );
        recordGuestMastery(buildGameResult(state).questions);
      }
    },
    [queryClient, userId],
  );
  return { saveState, onFinished };
}
