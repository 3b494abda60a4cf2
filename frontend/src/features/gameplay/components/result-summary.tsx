import {
  DIFFICULTY_KEYS,
  type Difficulty,
  formatQuestionText,
  formatTotalTime,
  GAME_TYPE_KEYS,
  type GameType,
  mistakeMessageKey,
  type NextStep,
  pointsFor,
  type Question,
  resultBandMessageKey,
  successRate,
  suggestNextStep,
} from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerValue, Operand } from '../../../components/fraction.js';
import { CheckIcon, CrossIcon } from '../../../components/icons.js';
import { StatTile } from '../../../components/stat-tile.js';
import { TOPIC_CLASSES, TopicIcon, type TopicKey } from '../../../components/topic-icon.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { recentScores } from '../../../lib/recent-scores.js';
import type { SaveState } from '../api/save-game-result.js';
import { type GameSummary, summarise } from '../hooks/game-machine.js';
import { EstimateExplanation, operatorGlyph, RelationSign } from './estimate-parts.js';
import { NearestBadge } from './nearest-badge.js';
import { chosenMistake, showsMixedNumbers } from './question-view.js';
import { SaveStatus } from './save-status.js';

/** A cell: a line of its row's card on a phone, a table cell from `sm` up. */
const CELL = 'block px-1 py-0.5 sm:table-cell sm:px-4 sm:py-3';

/** The table's columns, in order (their headings are `gameplay:result.<column>`). */
const COLUMNS = ['number', 'question', 'correctAnswer', 'yourAnswer', 'status'] as const;

/** The column's name shown inside a stacked cell (the header row is read by screen readers instead). */
function StackedLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="mr-2 font-semibold text-slate-600 sm:hidden">
      {children}:
    </span>
  );
}

export interface ResultSummaryProps {
  gameType: GameType;
  /** The level played; with `onPlayDifficulty` the summary suggests the next step. */
  difficulty?: Difficulty;
  /** When the game started: identifies this game among the recent scores. */
  startedAt?: number;
  questions: Question[];
  answers: Array<number | null>;
  elapsedMs: number;
  /** What became of the result (saved, kept on the device, refused); none in stories and old callers. */
  saveState?: SaveState;
  onNewGame: () => void;
  onPlayDifficulty?: (difficulty: Difficulty) => void;
}

export function ResultSummary({
  gameType,
  difficulty,
  startedAt = 0,
  questions,
  answers,
  elapsedMs,
  saveState,
  onNewGame,
  onPlayDifficulty,
}: ResultSummaryProps) {
  const { t } = useTranslation(['gameplay', 'common']);
  const topic = GAME_TYPE_KEYS[gameType];
  const summary = summarise(questions, answers, elapsedMs);
  const percent = successRate(summary.correct, summary.total);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const captionId = useId();
  // Read once: this game is counted whether or not it has been stored yet.
  const [next] = useState(() =>
    difficulty
      ? suggestNextStep(
          difficulty,
          recentScores(gameType, difficulty, { at: startedAt, percent }).map((s) => s.percent),
        )
      : null,
  );

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section
      className="mx-auto max-w-4xl px-3 py-6 sm:px-4 sm:py-10"
      aria-labelledby="result-heading"
      data-testid="result-summary"
    >
      <ResultBanner topic={topic} percent={percent} correct={summary.correct} headingRef={headingRef} />

      {saveState && <SaveStatus state={saveState} />}

      <ResultTiles summary={summary} percent={percent} />

      {/* Below `sm` each row stacks into a small card, so a phone never scrolls the table sideways (
          item 8). The e2e layout test checks Chromium still reads it as a table. */}
      <div className="mt-6 rounded-3xl bg-white shadow-sm">
        <table aria-labelledby={captionId} className="block w-full text-left text-base sm:table sm:text-lg">
          <caption
            id={captionId}
            className="block px-5 pt-4 text-left text-xl font-extrabold sm:table-caption"
          >
            {t('gameplay:result.tableCaption')}
          </caption>
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr className="border-b border-slate-200 text-base text-slate-600">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-2 py-3 sm:px-4">
                  {t(`gameplay:result.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {questions.map((question, i) => (
              <ResultRow
                key={formatQuestionText(question)}
                index={i}
                question={question}
                answer={answers[i] ?? null}
                difficulty={difficulty}
              />
            ))}
          </tbody>
        </table>
      </div>

      {difficulty && <NearestBadge gameType={gameType} difficulty={difficulty} />}

      {next && onPlayDifficulty && <NextStepCard next={next} onPlayDifficulty={onPlayDifficulty} />}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button size="lg" onClick={onNewGame} data-testid="new-game">
          <span aria-hidden="true">↻</span> {t('gameplay:result.newGame')}
        </Button>
        <Link to="/games" className={buttonClasses('outline', 'lg')}>
          {t('gameplay:result.backToGames')}
        </Link>
        <Link to="/statistics" className={buttonClasses('secondary', 'lg')}>
          {t('gameplay:result.viewStatistics')}
        </Link>
      </div>
    </section>
  );
}

/** The coloured banner: the topic, the heading (focused when the summary opens), the band message and points. */
function ResultBanner({
  topic,
  percent,
  correct,
  headingRef,
}: {
  topic: TopicKey;
  percent: number;
  correct: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  const message = useMessage();
  return (
    <div
      className={cn('rounded-3xl p-6 text-center text-white shadow-md', TOPIC_CLASSES[topic].bg)}
      data-topic={topic}
    >
      <TopicIcon topic={topic} className="mx-auto bg-white/20 shadow-none" />
      <h1
        id="result-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 text-3xl font-black outline-none sm:text-4xl"
      >
        {t('gameplay:result.heading')}
      </h1>
      <p className="mt-2 text-xl font-bold sm:text-2xl" data-testid="result-message">
        {message(resultBandMessageKey(percent))}
      </p>
      <p className="mt-1 text-lg font-semibold opacity-95">
        {t(`common:topics.${topic}`)} · {t('gameplay:result.points', { points: pointsFor(correct) })}
      </p>
    </div>
  );
}

function ResultTiles({ summary, percent }: { summary: GameSummary; percent: number }) {
  const { t, i18n } = useTranslation(['gameplay', 'common']);
  const lang = toLang(i18n.resolvedLanguage);
  const tiles = [
    {
      label: t('gameplay:result.correct'),
      value: t('gameplay:result.correctOf', { correct: summary.correct, total: summary.total }),
      testId: 'tile-correct',
      className: 'bg-emerald-50 text-emerald-900',
    },
    {
      label: t('gameplay:result.wrong'),
      value: String(summary.wrong),
      testId: 'tile-wrong',
      className: 'bg-red-50 text-red-900',
    },
    {
      label: t('gameplay:result.successRate'),
      value: lang === 'tr' ? `%${percent}` : `${percent}%`,
      testId: 'tile-rate',
      className: 'bg-brand-50 text-brand-900',
    },
    {
      label: t('gameplay:result.totalTime'),
      value: formatTotalTime(summary.totalSeconds, lang),
      testId: 'tile-time',
      className: 'bg-amber-50 text-amber-900',
    },
  ];
  return (
    <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
        <StatTile key={tile.testId} {...tile} />
      ))}
    </dl>
  );
}

/** One question of the table: the sum, both answers, and what went wrong when it was wrong. */
function ResultRow({
  index,
  question,
  answer,
  difficulty,
}: {
  index: number;
  question: Question;
  answer: number | null;
  difficulty?: Difficulty | undefined;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  const message = useMessage();
  const correct = answer !== null && answer === question.answer;
  const mistake = correct ? null : chosenMistake(question, answer);
  return (
    <tr
      className="grid grid-cols-[2.5rem_1fr] items-center gap-y-1 border-b border-slate-100 px-3 py-3 last:border-0 sm:table-row sm:p-0"
      data-testid="result-row"
    >
      <td className={cn(CELL, 'font-bold text-slate-600')}>{index + 1}</td>
      <td className={cn(CELL, 'font-bold whitespace-nowrap')}>
        <span className="inline-flex items-center gap-2">
          <Operand value={question.num1} /> {operatorGlyph(question.operator)}{' '}
          <Operand value={question.num2} />{' '}
          {question.estimate && <RelationSign estimate className="text-amber-800" />}
        </span>
      </td>
      <td className={cn(CELL, 'col-span-2 font-bold')}>
        <StackedLabel>{t('gameplay:result.correctAnswer')}</StackedLabel>
        <AnswerValue value={question.answer} mixed={difficulty ? showsMixedNumbers(difficulty) : false} />
      </td>
      <td className={cn(CELL, 'col-span-2 font-bold')}>
        <StackedLabel>{t('gameplay:result.yourAnswer')}</StackedLabel>
        {answer === null ? (
          <span className="text-slate-500">{message('no_answer')}</span>
        ) : (
          <AnswerValue value={answer} mixed={difficulty ? showsMixedNumbers(difficulty) : false} />
        )}
      </td>
      <td className={cn(CELL, 'col-span-2')} data-testid="row-status">
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-3 py-1 text-base font-bold',
            correct ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900',
          )}
        >
          {correct ? <CheckIcon className="size-5" /> : <CrossIcon className="size-5" />}
          {correct ? t('gameplay:result.statusCorrect') : t('gameplay:result.statusWrong')}
        </span>
        {mistake && (
          <p
            className="mt-1 text-base font-semibold text-red-900 sm:min-w-40"
            data-testid="row-explanation"
            data-mistake={mistake}
          >
            <span className="sr-only">{t('gameplay:result.explanation')}: </span>
            {message(mistakeMessageKey(mistake))}
          </p>
        )}
        {!correct && question.estimate && (
          <EstimateExplanation
            question={question}
            testId="row-explanation"
            className="mt-1 text-base font-semibold text-red-900 sm:min-w-40"
          />
        )}
      </td>
    </tr>
  );
}

function NextStepCard({
  next,
  onPlayDifficulty,
}: {
  next: { step: NextStep; difficulty: Difficulty };
  onPlayDifficulty: (difficulty: Difficulty) => void;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  return (
    <section
      aria-labelledby="next-step-heading"
      className="mt-6 flex flex-col items-center gap-3 rounded-3xl bg-brand-50 p-5 text-center sm:flex-row sm:justify-between sm:text-left"
      data-testid="next-step-card"
      data-step={next.step}
    >
      <div>
        <h2 id="next-step-heading" className="text-xl font-extrabold text-brand-900">
          {t('gameplay:result.nextStep.heading')}
        </h2>
        <p className="text-lg font-semibold text-slate-800">
          {t(`gameplay:result.nextStep.${next.step}`, {
            difficulty: t(`common:difficulties.${DIFFICULTY_KEYS[next.difficulty]}`),
          })}
        </p>
      </div>
      <Button
        size="lg"
        onClick={() => onPlayDifficulty(next.difficulty)}
        data-testid="next-step"
        data-difficulty={next.difficulty}
      >
        {t('gameplay:result.nextStep.start', {
          difficulty: t(`common:difficulties.${DIFFICULTY_KEYS[next.difficulty]}`),
        })}{' '}
        <span aria-hidden="true">▶</span>
      </Button>
    </section>
  );
}
