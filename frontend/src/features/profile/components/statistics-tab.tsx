import {
  GAME_TYPE_KEYS,
  GAME_TYPES,
  type ProfileStatistics,
  type StatisticsResponse,
} from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LabelledValue, type LabelledValueLook } from '../../../components/labelled-value.js';
import { InlineError, SkeletonList } from '../../../components/query-states.js';
import { TopMistakes } from '../../../components/top-mistakes.js';
import { TOPIC_CLASSES, TopicIcon } from '../../../components/topic-icon.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { ProgressBar } from '../../../components/ui/progress-bar.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { usePercent } from '../../../lib/i18n/use-percent.js';
import { PointsChart } from './points-chart.js';

/** A tile of the statistics tab: the big number first on screen, the label first for readers. */
const TILE_LOOK: LabelledValueLook = {
  item: 'rounded-3xl bg-slate-50 p-4 text-center',
  label: 'text-sm font-bold text-slate-700',
  value: 'order-first text-2xl font-black tabular-nums',
};

/** Nothing played yet: a star, the reason, and the way to the games. */
export function EmptyGames({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid={testId}>
      <span aria-hidden="true" className="text-5xl text-amber-500">
        ★
      </span>
      <p className="text-lg font-bold">{text}</p>
      <Link to="/games" className={buttonClasses('primary')}>
        {t('playGames')}
      </Link>
    </div>
  );
}

export function StatisticsTab({
  stats,
  raw,
  totalGames,
  failed,
}: {
  stats: ProfileStatistics | null;
  raw: StatisticsResponse | undefined;
  totalGames: number | undefined;
  failed: boolean;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const message = useMessage();
  const percent = usePercent();
  if (failed)
    return (
      <Card>
        <InlineError>{message('statistics_error_loading')}</InlineError>
      </Card>
    );
  if (!stats || !raw) return <SkeletonList count={5} itemClassName="h-20" />;
  const tiles = [
    { label: t('statsTab.totalPoints'), value: String(stats.totalPoints), testId: 'profile-stat-points' },
    {
      label: t('statsTab.correctOfTotal'),
      value: `${stats.correctAnswers}/${stats.totalQuestions}`,
      testId: 'profile-stat-correct',
    },
    { label: t('statsTab.successRate'), value: percent(stats.successRate), testId: 'profile-stat-rate' },
    { label: t('statsTab.totalGames'), value: String(totalGames ?? '—'), testId: 'profile-stat-games' },
  ];
  return (
    <div className="flex flex-col gap-5" data-testid="profile-statistics">
      <Card>
        <CardTitle className="mb-4">{t('statsTab.heading')}</CardTitle>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {tiles.map((tile) => (
            <LabelledValue key={tile.testId} look={TILE_LOOK} label={tile.label} testId={tile.testId}>
              {tile.value}
            </LabelledValue>
          ))}
        </dl>
      </Card>
      <Card>
        <CardTitle className="mb-4">{t('statsTab.byType')}</CardTitle>
        {stats.totalQuestions === 0 ? (
          <EmptyGames text={t('statsTab.empty')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {GAME_TYPES.map((type) => {
              const topic = GAME_TYPE_KEYS[type];
              const stat = raw.gameTypeStats[type];
              const name = t(`common:topics.${topic}`);
              return (
                <li
                  key={type}
                  className={`flex items-center gap-3 rounded-2xl p-3 ${TOPIC_CLASSES[topic].soft}`}
                >
                  <TopicIcon topic={topic} className="size-11 text-xl" />
                  <div className="min-w-0 flex-1">
                    <p className="flex justify-between gap-2 font-extrabold">
                      <span>{name}</span>
                      <span className="tabular-nums">
                        {stat.correct}/{stat.total}
                      </span>
                    </p>
                    <ProgressBar
                      value={stat.rate}
                      label={t('statsTab.typeBar', { topic: name, percent: percent(stat.rate) })}
                      className="mt-1 h-3"
                      barClassName={TOPIC_CLASSES[topic].bg}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      <Card>
        <CardTitle className="mb-4">{t('statsTab.weekly')}</CardTitle>
        {stats.weeklyPoints.every((v) => v === 0) ? (
          <EmptyGames text={t('statsTab.weeklyEmpty')} />
        ) : (
          <PointsChart
            values={stats.weeklyPoints}
            heightPx={140}
            minPx={20}
            zeroPx={4}
            testId="profile-stats-chart"
          />
        )}
      </Card>
      <TopMistakes mistakes={raw.topMistakes ?? []} />
    </div>
  );
}
