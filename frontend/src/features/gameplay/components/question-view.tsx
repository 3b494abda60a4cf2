import {
  type Difficulty,
  formatClock,
  GAME_TYPE_KEYS,
  type MistakeKind,
  mistakeMessageKey,
  type Question,
} from '@mathgames/contracts';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerValue, Operand } from '../../../components/fraction.js';
import { CheckIcon, ClockIcon, CrossIcon, SpeakerIcon } from '../../../components/icons.js';
import { TOPIC_CLASSES, type TopicKey } from '../../../components/topic-icon.js';
import { ProgressBar } from '../../../components/ui/progress-bar.js';
import { cn } from '../../../lib/cn.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import type { Feedback, GameSettings } from '../hooks/game-machine.js';
import { useReadAloudSetting } from '../hooks/learning-settings.js';
import { useReadAloud } from '../hooks/use-read-aloud.js';
import { EstimateInstruction, operatorGlyph, RelationSign, useEstimateSpoken } from './estimate-parts.js';
import { FeedbackMessage, NextButton } from './feedback-message.js';
import { offersShowMe, ShowMe } from './show-me.js';
import { WorkedStep } from './worked-step.js';

export interface QuestionViewProps {
  settings: GameSettings;
  question: Question;
  index: number;
  total: number;
  elapsedMs: number;
  feedback: Feedback | null;
  onAnswer: (value: number) => void;
  /** Set while a wrong answer waits for the Next button ("pause after a wrong answer"). */
  onNext?: () => void;
}

/** Mixed numbers are taught from about eight (orta) on; younger children see the plain fraction. */
export function showsMixedNumbers(difficulty: Difficulty): boolean {
  return difficulty !== 'çok kolay' && difficulty !== 'kolay';
}

/** The slip a chosen wrong option stands for, as the generator labelled it (the server derives the same). */
export function chosenMistake(question: Question, chosen: number | null | undefined): MistakeKind | null {
  if (chosen === null || chosen === undefined) return null;
  return question.mistakes[question.options.indexOf(chosen)] ?? null;
}

const OPTION_KEYS = ['1', '2', '3', '4'] as const;

export function QuestionView({
  settings,
  question,
  index,
  total,
  elapsedMs,
  feedback,
  onAnswer,
  onNext,
}: QuestionViewProps) {
  const { t } = useTranslation(['gameplay', 'common']);
  const message = useMessage();
  const topic = GAME_TYPE_KEYS[settings.gameType];
  const readAloud = useReadAloud();
  const questionRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);

  useAnswerKeys(question, onAnswer);

  // A new question takes the focus, so keyboard and screen-reader users start from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the question changes
  useEffect(() => {
    questionRef.current?.focus({ preventScroll: true });
    // Only as far as needed (no jump to the top on every question: in phone landscape the answers are lower).
    questionRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);

  const [readAloudOn] = useReadAloudSetting();
  const mistake = feedback && !feedback.correct ? chosenMistake(question, feedback.chosen) : null;
  const explanation = mistake ? message(mistakeMessageKey(mistake)) : null;
  const estimateSpoken = useEstimateSpoken();
  const mixed = showsMixedNumbers(settings.difficulty);
  const nextRef = useRef<HTMLButtonElement>(null);

  // With read-aloud on, each question is spoken as it appears and each explanation after a wrong pick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: speaks once per question
  useEffect(() => {
    if (readAloudOn && readAloud.available) readAloud.speak(question);
  }, [index, readAloudOn]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: speaks once per wrong answer
  useEffect(() => {
    if (readAloudOn && readAloud.available && feedback && !feedback.correct)
      readAloud.say(
        `${message('wrong_answer')} ${question.estimate ? estimateSpoken(question) : (explanation ?? '')}`,
      );
  }, [feedback, readAloudOn]);
  // A paused wrong answer hands the focus to Next, so Enter or Space goes on.
  useEffect(() => {
    if (onNext) nextRef.current?.focus({ preventScroll: true });
  }, [onNext]);
  // The feedback sits below the answers: bring it into view on a short screen without covering them.
  useEffect(() => {
    if (feedback) feedbackRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [feedback]);

  return (
    <section
      className="mx-auto max-w-3xl px-3 py-3 sm:px-4 sm:py-8 2xl:max-w-5xl"
      aria-labelledby="question-heading"
      data-difficulty={settings.difficulty}
    >
      <QuestionProgress
        topic={topic}
        index={index}
        total={total}
        elapsedMs={elapsedMs}
        answered={feedback !== null}
      />

      <QuestionCard
        settings={settings}
        question={question}
        topic={topic}
        questionRef={questionRef}
        readAloud={readAloud}
      />

      <fieldset className="mt-3 grid grid-cols-2 gap-3 sm:mt-5 sm:gap-4">
        <legend className="sr-only">{t('gameplay:play.answers')}</legend>
        {question.options.map((option, position) => (
          <AnswerOption
            // Options within a question are distinct values.
            key={option}
            question={question}
            option={option}
            position={position}
            feedback={feedback}
            mixed={mixed}
            onAnswer={onAnswer}
          />
        ))}
      </fieldset>

      {/* Announced at once by screen readers: the child is waiting for it. */}
      <div
        ref={feedbackRef}
        aria-live="assertive"
        aria-atomic="true"
        className="mt-3 min-h-20 sm:mt-5"
        data-testid="feedback"
      >
        {feedback && (
          <FeedbackMessage
            feedback={feedback}
            question={question}
            mixed={mixed}
            mistake={mistake}
            explanation={explanation}
          />
        )}
        {onNext && feedback && <WorkedStep question={question} />}
        {onNext && feedback && <NextButton nextRef={nextRef} onNext={onNext} />}
      </div>
      <p className="mt-2 hidden text-center text-base text-slate-600 sm:block">
        {t('gameplay:play.keysHint')}
      </p>
    </section>
  );
}

/** Keys 1-4 answer as well as touch. */
function useAnswerKeys(question: Question, onAnswer: (value: number) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const position = OPTION_KEYS.indexOf(event.key as (typeof OPTION_KEYS)[number]);
      const value = question.options[position];
      if (position >= 0 && value !== undefined) {
        event.preventDefault();
        onAnswer(value);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [question, onAnswer]);
}

/** The topic-coloured bar: which question, the clock and the progress. */
function QuestionProgress({
  topic,
  index,
  total,
  elapsedMs,
  answered,
}: {
  topic: TopicKey;
  index: number;
  total: number;
  elapsedMs: number;
  answered: boolean;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  return (
    <div className={cn('rounded-3xl p-4 text-white shadow-md sm:p-5', TOPIC_CLASSES[topic].bg)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-extrabold sm:text-xl" data-testid="question-counter">
          {t('gameplay:play.questionOf', { current: index + 1, total })}
        </p>
        <p className="flex items-center gap-2 rounded-full bg-black/25 px-4 py-1.5 text-lg font-extrabold tabular-nums">
          <ClockIcon className="size-6" />
          <span className="sr-only">{t('gameplay:play.time')}: </span>
          <span data-testid="clock">{formatClock(elapsedMs)}</span>
        </p>
      </div>
      <ProgressBar
        value={index + (answered ? 1 : 0)}
        max={total}
        label={t('gameplay:play.progress', { current: index + 1, total })}
        className="mt-3 bg-white/30"
        barClassName="bg-white"
      />
    </div>
  );
}

/** The question itself (focused when it appears), with the read-aloud button and, for the young, "show me". */
function QuestionCard({
  settings,
  question,
  topic,
  questionRef,
  readAloud,
}: {
  settings: GameSettings;
  question: Question;
  topic: TopicKey;
  questionRef: RefObject<HTMLHeadingElement | null>;
  readAloud: ReturnType<typeof useReadAloud>;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  const instructionId = useId();
  return (
    <div
      className="relative mt-3 rounded-3xl bg-white px-4 py-5 text-center shadow-sm sm:mt-5 sm:p-8"
      data-testid="question-card"
      data-estimate={question.estimate ? 'true' : undefined}
    >
      <div className="absolute top-3 right-3">
        {readAloud.available && (
          <button
            type="button"
            onClick={() => readAloud.speak(question)}
            aria-label={t('gameplay:play.readAloud')}
            className="flex size-12 items-center justify-center rounded-full border-2 border-slate-200 text-2xl hover:bg-slate-50"
          >
            <SpeakerIcon className="size-7 text-brand-700" />
          </button>
        )}
      </div>
      <h1
        id="question-heading"
        ref={questionRef}
        tabIndex={-1}
        aria-describedby={question.estimate ? instructionId : undefined}
        data-testid="question"
        className={`flex items-center justify-center pt-11 font-black tabular-nums text-slate-900 outline-none sm:gap-5 sm:px-10 sm:pt-0 2xl:text-8xl ${
          // Below 640 px the row sits under the read-aloud button and takes the card's width; four digits or more
          // (12 × 14, 320 − 250) are set a size smaller so the row fits at every width.
          String(question.num1).length + String(question.num2).length >= 4
            ? 'gap-2 text-4xl sm:text-6xl lg:text-7xl'
            : 'gap-3 text-5xl min-[400px]:text-6xl sm:text-7xl'
        }`}
      >
        <span className="sr-only">{t('gameplay:play.question')}: </span>
        <Operand value={question.num1} />
        <span className={TOPIC_CLASSES[topic].text}>{operatorGlyph(question.operator)}</span>
        <Operand value={question.num2} />
        <RelationSign
          estimate={question.estimate}
          className={question.estimate ? 'text-amber-700' : 'text-slate-500'}
        />
        <span className="text-slate-500">?</span>
      </h1>
      {question.estimate && <EstimateInstruction question={question} id={instructionId} />}
      {offersShowMe(settings.difficulty) && !question.estimate && <ShowMe question={question} />}
    </div>
  );
}

function AnswerOption({
  question,
  option,
  position,
  feedback,
  mixed,
  onAnswer,
}: {
  question: Question;
  option: number;
  position: number;
  feedback: Feedback | null;
  mixed: boolean;
  onAnswer: (value: number) => void;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  const chosen = feedback?.chosen === option;
  const isRight = option === question.answer;
  const state = !feedback ? 'idle' : isRight ? 'right' : chosen ? 'wrong' : 'other';
  return (
    <button
      type="button"
      data-silent
      data-testid={`option-${position + 1}`}
      data-state={state}
      data-mistake={question.mistakes[position] ?? undefined}
      disabled={feedback !== null}
      aria-keyshortcuts={OPTION_KEYS[position]}
      onClick={() => onAnswer(option)}
      className={cn(
        'relative flex min-h-20 items-center justify-center rounded-3xl border-4 px-4 py-2 text-4xl font-black tabular-nums shadow-sm transition-transform duration-100 active:scale-95 sm:min-h-28 sm:py-3 sm:text-5xl 2xl:min-h-36 2xl:text-6xl',
        state === 'idle' &&
          'border-slate-200 bg-white text-slate-900 hover:border-brand-500 hover:bg-brand-50',
        state === 'right' && 'border-emerald-700 bg-emerald-100 text-emerald-950',
        state === 'wrong' && 'border-red-700 bg-red-100 text-red-950',
        state === 'other' && 'border-slate-200 bg-white text-slate-500',
        'disabled:cursor-default',
      )}
    >
      <span
        aria-hidden="true"
        className="absolute top-2 left-3 flex size-7 items-center justify-center rounded-full bg-slate-100 text-base font-bold text-slate-700"
      >
        {position + 1}
      </span>
      <span className="sr-only">{t('gameplay:play.option', { key: position + 1 })}: </span>
      <AnswerValue value={option} mixed={mixed} />
      {state === 'right' && <CheckIcon className="absolute top-2 right-3 size-7" />}
      {state === 'wrong' && <CrossIcon className="absolute top-2 right-3 size-7" />}
    </button>
  );
}
