import {
  GAME_TYPE_KEYS,
  GAME_TYPES,
  type StatisticsResponse,
  statisticsResponseSchema,
  weeklyCorrectAnswers,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AsOf } from '../../../components/as-of.js';
import { SkeletonList } from '../../../components/query-states.js';
import { StatTile } from '../../../components/stat-tile.js';
import { TopMistakes } from '../../../components/top-mistakes.js';
import { TOPIC_CLASSES, TopicIcon } from '../../../components/topic-icon.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ProgressBar } from '../../../components/ui/progress-bar.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { CELEBRATION_THRESHOLD, WeeklyChart } from '../../../components/weekly-chart.js';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { usePercent } from '../../../lib/i18n/use-percent.js';
import { statisticsQueryOptions } from '../../../lib/queries/statistics.js';
import { useMondayReset } from '../hooks/use-monday-reset.js';

const ZERO_WEEK = [0, 0, 0, 0, 0, 0, 0] as const;
const { gameTypeStats: gameTypeStatsSchema, weeklyProgress: weeklySchema } = statisticsResponseSchema.shape;

/** Skeleton counts: 4 summary cards, 5 game types. */
export function StatisticsSkeleton() {
  return (
    <div data-testid="statistics-skeleton" aria-busy="true">
      <SkeletonList
        count={4}
        itemClassName="h-32"
        className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-5"
      />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <SkeletonList count={5} itemClassName="h-20" />
        <Skeleton className="h-80" />
      </div>
    </div>
  );
}

function ErrorNote({
  text,
  onRetry,
  retryLabel,
}: {
  text: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-3xl bg-red-50 p-6 text-center text-red-900"
    >
      <p className="text-lg font-bold">
        <span aria-hidden="true">⚠ </span>
        {text}
      </p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

function TopicPerformance({ stats }: { stats: StatisticsResponse['gameTypeStats'] }) {
  const { t } = useTranslation(['statistics', 'common']);
  const percent = usePercent();
  return (
    <ul className="flex flex-col gap-3" data-testid="topic-performance">
      {GAME_TYPES.map((type) => {
        const topic = GAME_TYPE_KEYS[type];
        const stat = stats[type];
        const name = t(`common:topics.${topic}`);
        return (
          <li
            key={type}
            className="flex items-center gap-4 rounded-3xl bg-white p-4 shadow-sm"
            data-testid={`topic-${topic}`}
          >
            <TopicIcon topic={topic} className="size-12 text-2xl" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className={`text-lg font-extrabold ${TOPIC_CLASSES[topic].text}`}>{name}</span>
                <span className="text-base font-bold text-slate-700 tabular-nums">
                  {t('statistics:topics.correctOfTotal', { correct: stat.correct, total: stat.total })}
                  {' · '}
                  <span data-testid={`topic-${topic}-rate`}>{percent(stat.rate)}</span>
                </span>
              </div>
              <ProgressBar
                className="mt-2 h-3"
                barClassName={TOPIC_CLASSES[topic].bg}
                value={stat.rate}
                label={t('statistics:topics.barLabel', { topic: name, rate: stat.rate })}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function StatisticsScreen() {
  const { t } = useTranslation(['statistics', 'common']);
  const message = useMessage();
  const query = useQuery(statisticsQueryOptions);
  const zeroWeek = useMondayReset(query.isSuccess);

  let body: ReactNode;
  if (query.isPending) {
    body = <StatisticsSkeleton />;
  } else if (query.isError) {
    body = (
      <ErrorNote
        text={message('statistics_error_loading')}
        onRetry={() => void query.refetch()}
        retryLabel={t('common:actions.retry')}
      />
    );
  } else {
    const data = query.data;
    const topics = gameTypeStatsSchema.safeParse(data.gameTypeStats);
    const weekly = weeklySchema.safeParse(data.weeklyProgress);
    const week = zeroWeek ? ZERO_WEEK : weekly.success ? weeklyCorrectAnswers(weekly.data) : ZERO_WEEK;
    const questions = zeroWeek ? ZERO_WEEK : data.weeklyQuestions;
    const weeklyTotal = week.reduce((a, b) => a + b, 0);
    body = (
      <>
        <SummaryTiles data={data} />
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="topics-heading">
            <h2 id="topics-heading" className="mb-3 text-2xl font-black">
              {t('topics.heading')}
            </h2>
            {topics.success ? (
              <TopicPerformance stats={topics.data} />
            ) : (
              <ErrorNote text={message('performance_data_error')} />
            )}
          </section>
          <section aria-labelledby="weekly-heading">
            <h2 id="weekly-heading" className="mb-3 text-2xl font-black">
              {t('weekly.heading')}
            </h2>
            {weekly.success ? (
              <Card className="pt-10">
                <WeeklyChart correct={week} questions={questions} />
                <p
                  className="mt-5 flex flex-wrap items-center justify-center gap-2 text-lg font-bold"
                  data-testid="weekly-total"
                >
                  {t('weekly.total', { count: weeklyTotal })}
                  {weeklyTotal > CELEBRATION_THRESHOLD && (
                    <span
                      className="rounded-full bg-amber-200 px-3 py-1 text-amber-950"
                      data-testid="weekly-celebration"
                    >
                      <span aria-hidden="true">★ </span>
                      {t('weekly.celebration')}
                    </span>
                  )}
                </p>
              </Card>
            ) : (
              <ErrorNote text={message('weekly_data_error')} />
            )}
          </section>
        </div>
        <TopMistakes mistakes={data.topMistakes ?? []} />
      </>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-black sm:text-4xl">{t('title')}</h1>
          <p className="mt-1 text-lg text-slate-700">{t('subtitle')}</p>
          <AsOf updatedAt={query.dataUpdatedAt} />
        </div>
        <Link to="/games" className={buttonClasses('outline', 'md')}>
          <span aria-hidden="true">←</span>
          {t('backToGames')}
        </Link>
      </div>
      {body}
    </section>
  );
}

/** The four totals over the screen: points, questions solved, correct answers, success rate. */
function SummaryTiles({ data }: { data: StatisticsResponse }) {
  const { t, i18n } = useTranslation(['statistics', 'common']);
  const percent = usePercent();
  const numberFormat = new Intl.NumberFormat(localeOf(toLang(i18n.resolvedLanguage)));
  const summary = [
    {
      label: t('summary.totalPoints'),
      value: numberFormat.format(data.totalPoints),
      testId: 'stat-total-points',
      colour: 'bg-amber-100 text-amber-950',
    },
    {
      label: t('summary.questionsSolved'),
      value: numberFormat.format(data.totalQuestions),
      testId: 'stat-total-questions',
      colour: 'bg-sky-100 text-sky-950',
    },
    {
      label: t('summary.correctAnswers'),
      value: numberFormat.format(data.correctAnswers),
      testId: 'stat-correct-answers',
      colour: 'bg-emerald-100 text-emerald-950',
    },
    {
      label: t('summary.successRate'),
      value: percent(data.successRate),
      testId: 'stat-success-rate',
      colour: 'bg-violet-100 text-violet-950',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-5" data-testid="statistics-summary">
      {summary.map((tile) => (
        <StatTile
          key={tile.testId}
          label={tile.label}
          value={tile.value}
          testId={tile.testId}
          className={`flex min-h-32 flex-col justify-center shadow-sm ${tile.colour}`}
        />
      ))}
    </dl>
  );
}
