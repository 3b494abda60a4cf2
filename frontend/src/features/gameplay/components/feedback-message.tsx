import type { MistakeKind, Question } from '@mathgames/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CrossIcon, PartyIcon } from '../../../components/icons.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import type { Feedback } from '../hooks/game-machine.js';
import { EstimateExplanation, QuestionWithAnswer } from './estimate-parts.js';

/**
 * Right (a cheer) or wrong (the right sum and, when known, the slip behind the chosen answer; for an estimation
 * item, the rounding worked out).
 */
export function FeedbackMessage({
  feedback,
  question,
  mixed,
  mistake,
  explanation,
}: {
  feedback: Feedback;
  question: Question;
  mixed: boolean;
  mistake: MistakeKind | null;
  explanation: string | null;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  const message = useMessage();
  return feedback.correct ? (
    <p className="pop-in flex items-center justify-center gap-3 rounded-3xl bg-emerald-700 px-5 py-4 text-2xl font-black text-white">
      <PartyIcon className="size-8" />
      {message('correct_answer')} {t('gameplay:play.correctCheer')}
    </p>
  ) : (
    // In the flow below the answers, never over them (a fixed banner hid the one turned green).
    <div className="pop-in flex flex-col items-center justify-center gap-1 rounded-3xl bg-red-700 px-5 py-4 text-center text-white">
      <p className="flex flex-col items-center gap-1 sm:flex-row sm:gap-3">
        <span className="text-2xl font-black">
          <CrossIcon className="mr-1 inline size-7 align-[-0.2em]" />
          {message('wrong_answer')}
        </span>
        <span
          className="inline-flex items-center gap-2 text-xl font-bold"
          data-testid="feedback-right-answer"
        >
          {t('gameplay:play.rightAnswer')} <QuestionWithAnswer question={question} mixed={mixed} />
        </span>
      </p>
      {question.estimate ? (
        <EstimateExplanation question={question} />
      ) : (
        explanation && (
          <p className="text-xl font-bold" data-testid="feedback-explanation" data-mistake={mistake}>
            {explanation}
          </p>
        )
      )}
    </div>
  );
}

/** Shown while a wrong answer waits; it takes the focus (see QuestionView), so Enter or Space goes on. */
export function NextButton({
  nextRef,
  onNext,
}: {
  nextRef: RefObject<HTMLButtonElement | null>;
  onNext: () => void;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  return (
    <div className="mt-3 flex justify-center">
      <button
        ref={nextRef}
        type="button"
        onClick={onNext}
        data-testid="next-question"
        className="min-h-14 rounded-2xl bg-brand-700 px-8 text-xl font-black text-white shadow hover:bg-brand-800"
      >
        {t('gameplay:play.next')} <span aria-hidden="true">▶</span>
      </button>
    </div>
  );
}
