import {
  DIFFICULTY_KEYS,
  formatQuestionText,
  GAME_TYPE_KEYS,
  type Lang,
  mistakeMessageKey,
  type ReviewCard,
  type ReviewQuestion,
  type ReviewScheduleResponse,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TopicIcon } from '../../../components/topic-icon.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { useCurrentUser } from '../../../lib/auth.js';
import { usePageHead } from '../../../lib/head.js';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { getServerReview, guestSchedule, REVIEW_KEY } from '../api/review-schedule.js';
import { useReviewRound } from '../hooks/use-review-round.js';
import { QuestionWithAnswer } from './estimate-parts.js';
import { chosenMistake, QuestionView } from './question-view.js';

/** "Practice my mistakes": the shapes due today, asked interleaved; the Leitner schedule moves with each answer. */
export function ReviewScreen() {
  const { t, i18n } = useTranslation(['gameplay', 'common']);
  usePageHead({ title: t('gameplay:review.title'), description: t('gameplay:review.description') });
  const { user, isPending: userPending } = useCurrentUser();
  const server = useQuery({
    queryKey: REVIEW_KEY,
    queryFn: ({ signal }) => getServerReview(signal),
    enabled: !userPending && user !== null,
    refetchOnWindowFocus: false,
  });
  const [guest, setGuest] = useState<ReviewScheduleResponse | null>(null);
  useEffect(() => {
    if (!userPending && user === null) setGuest(guestSchedule());
  }, [userPending, user]);
  const schedule = user ? server.data : guest;
  const { stage, questions, answers, index, feedback, elapsedMs, paused, start, advance, answer } =
    useReviewRound(schedule, user, setGuest);

  if (stage.name === 'playing' && questions[index]) {
    const q = questions[index]!;
    return (
      <QuestionView
        settings={{ gameType: q.gameType, difficulty: q.difficulty, count: 10 }}
        question={q}
        index={index}
        total={questions.length}
        elapsedMs={elapsedMs}
        feedback={feedback}
        onAnswer={answer}
        onNext={paused ? advance : undefined}
      />
    );
  }

  const lang = toLang(i18n.resolvedLanguage);
  return (
    <section
      className="mx-auto max-w-4xl px-4 py-8 sm:py-12"
      aria-labelledby="review-heading"
      data-testid="review-screen"
    >
      <h1 id="review-heading" className="text-4xl font-black">
        {t('gameplay:review.title')}
      </h1>
      <p className="mt-2 text-xl text-slate-700">{t('gameplay:review.description')}</p>
      {stage.name === 'finished' && (
        <ReviewResult questions={questions} answers={answers} saved={stage.schedule !== null || !user} />
      )}
      {(user ? server.isPending : guest === null) || userPending ? (
        <p role="status" className="mt-8 text-xl font-bold" data-testid="review-loading">
          {t('gameplay:loading')}
        </p>
      ) : user && server.isError ? (
        <div
          role="alert"
          className="mt-8 flex flex-col items-center gap-3 rounded-3xl bg-red-50 p-6 text-center text-red-900"
        >
          <p className="text-lg font-bold">{t('gameplay:review.loadError')}</p>
          <Button variant="outline" onClick={() => void server.refetch()}>
            {t('gameplay:review.retry')}
          </Button>
        </div>
      ) : schedule && schedule.due.length + schedule.later.length === 0 ? (
        <div className="mt-8 rounded-3xl bg-white p-6 text-center shadow-sm" data-testid="review-empty">
          <p className="text-2xl font-black">{t('gameplay:review.emptyTitle')}</p>
          <p className="mt-2 text-lg text-slate-700">{t('gameplay:review.emptyText')}</p>
          <Link to="/games" className={buttonClasses('primary', 'lg', 'mt-5')}>
            {t('gameplay:result.backToGames')}
          </Link>
        </div>
      ) : schedule ? (
        <ScheduleOverview schedule={schedule} lang={lang} onStart={start} />
      ) : null}
    </section>
  );
}

function ShapeList({ cards, testId }: { cards: ReviewCard[]; testId: string }) {
  const { t } = useTranslation(['gameplay', 'common']);
  const message = useMessage();
  return (
    <ul className="mt-3 flex flex-col gap-2" data-testid={testId}>
      {cards.map((card) => {
        const topic = GAME_TYPE_KEYS[card.gameType];
        return (
          <li
            key={`${card.gameType}/${card.difficulty}/${card.mistake}`}
            className="flex items-center gap-3 rounded-2xl bg-slate-50 p-3"
            data-mistake={card.mistake}
            data-topic={card.gameType}
          >
            <TopicIcon topic={topic} className="size-12 shrink-0" />
            <span className="flex flex-col">
              <span className="text-lg font-bold">
                {t(`common:topics.${topic}`)} · {t(`common:difficulties.${DIFFICULTY_KEYS[card.difficulty]}`)}{' '}
                · {t('gameplay:review.box', { box: card.box })}
              </span>
              <span className="text-base text-slate-700">{message(mistakeMessageKey(card.mistake))}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The shapes due now (with the start button) or the day the next comes due, then the ones due later. */
function ScheduleOverview({
  schedule,
  lang,
  onStart,
}: {
  schedule: ReviewScheduleResponse;
  lang: Lang;
  onStart: () => void;
}) {
  const { t } = useTranslation(['gameplay', 'common']);
  return (
    <>
      {schedule.due.length > 0 ? (
        <div className="mt-8 rounded-3xl bg-white p-6 shadow-sm">
          <h2 className="text-2xl font-black">
            {t('gameplay:review.dueHeading', { count: schedule.due.length })}
          </h2>
          <ShapeList cards={schedule.due} testId="review-due" />
          <Button
            size="lg"
            className="mt-5 w-full text-xl sm:w-auto"
            onClick={onStart}
            data-testid="start-review"
          >
            {t('gameplay:review.start')} <span aria-hidden="true">▶</span>
          </Button>
        </div>
      ) : (
        <p
          className="mt-8 rounded-3xl bg-emerald-50 p-6 text-xl font-bold text-emerald-900"
          data-testid="review-done"
        >
          {t('gameplay:review.doneToday', {
            date: new Intl.DateTimeFormat(localeOf(lang), {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
            }).format(new Date(schedule.later[0]!.dueAt)),
          })}
        </p>
      )}
      {schedule.later.length > 0 && (
        <div className="mt-6 rounded-3xl bg-white p-6 shadow-sm">
          <h2 className="text-xl font-extrabold">
            {t('gameplay:review.laterHeading', { count: schedule.later.length })}
          </h2>
          <ShapeList cards={schedule.later} testId="review-later" />
        </div>
      )}
    </>
  );
}

function ReviewResult({
  questions,
  answers,
  saved,
}: {
  questions: ReviewQuestion[];
  answers: Array<number | null>;
  saved: boolean;
}) {
  const { t } = useTranslation('gameplay');
  const message = useMessage();
  const correct = questions.filter((q, i) => answers[i] === q.answer).length;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="mt-6 rounded-3xl bg-brand-50 p-6" data-testid="review-result">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-black outline-none">
        {t('gameplay:review.resultHeading', { correct, total: questions.length })}
      </h2>
      {!saved && (
        <p role="alert" className="mt-2 font-bold text-red-900">
          {t('gameplay:review.saveError')}
        </p>
      )}
      <ul className="mt-3 flex flex-col gap-2">
        {questions.map((q, i) => {
          const given = answers[i] ?? null;
          const right = given === q.answer;
          const mistake = right ? null : chosenMistake(q, given);
          return (
            <li
              key={formatQuestionText(q)}
              className="rounded-2xl bg-white p-3 text-lg"
              data-testid="review-row"
              data-correct={right}
            >
              <span className="inline-flex items-center gap-2 font-bold">
                <QuestionWithAnswer question={q} />
              </span>{' '}
              <span className={right ? 'text-emerald-800' : 'text-red-800'}>
                {right ? t('gameplay:review.movedUp') : t('gameplay:review.backToFirst')}
              </span>
              {mistake && <p className="text-base text-slate-700">{message(mistakeMessageKey(mistake))}</p>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
