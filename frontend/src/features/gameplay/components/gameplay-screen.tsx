import { GAME_TYPE_KEYS, type GameType } from '@mathgames/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast.js';
import { useCurrentUser } from '../../../lib/auth.js';
import { writeSelection } from '../../../lib/game-selection.js';
import { usePageHead } from '../../../lib/head.js';
import { useMessage } from '../../../lib/messages.js';
import { uuid } from '../../../lib/uuid.js';
import { recordFinishedGame, type SaveState } from '../api/save-game-result.js';
import type { GameSettings, GameState } from '../hooks/game-machine.js';
import { type UseGameOptions, useGame } from '../hooks/use-game.js';
import { QuestionView } from './question-view.js';
import { ResultSummary } from './result-summary.js';
import { SettingsPanel } from './settings-panel.js';

export interface GameplayScreenProps {
  initialSettings: GameSettings;
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

export function GameplayScreen({ initialSettings, generate }: GameplayScreenProps) {
  const { t } = useTranslation(['gameplay', 'common']);
  const message = useMessage();
  const queryClient = useQueryClient();
  const finishedKey = useRef<string | null>(null);
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saving' });

  const onFinished = useCallback(
    (state: GameState) => {
      // One key per finished game: a re-send of the same game counts once (ARCHITECTURE §8).
      const key = uuid();
      finishedKey.current = key;
      setSaveState({ kind: 'saving' });
      void recordFinishedGame(queryClient, state, key, userId).then((saved) => {
        if (finishedKey.current === key) setSaveState(saved);
      });
    },
    [queryClient, userId],
  );
  const onGenerationError = useCallback(() => {
    toast({
      title: message('error_title'),
      description: message('question_generation_error'),
      variant: 'destructive',
    });
  }, [message]);

  const { state, start, answer, configure } = useGame({
    initialSettings,
    onFinished,
    onGenerationError,
    generate,
  });
  const topicName = t(`common:topics.${GAME_TYPE_KEYS[state.settings.gameType]}`);
  usePageHead({
    title: t('gameplay:title', { topic: topicName }),
    description: t('gameplay:description', { topic: topicName }),
  });

  const onChange = useCallback(
    (settings: Partial<GameSettings>) => {
      configure(settings);
      writeSelection({ difficulty: settings.difficulty, questions: settings.count });
    },
    [configure],
  );

  switch (state.stage) {
    case 'settings':
      return <SettingsPanel settings={state.settings} onChange={onChange} onStart={start} />;
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
        />
      );
    }
    case 'finished':
      return (
        <ResultSummary
          gameType={state.settings.gameType as GameType}
          questions={state.questions}
          answers={state.answers}
          elapsedMs={state.elapsedMs}
          saveState={saveState}
          onNewGame={start}
        />
      );
  }
}
