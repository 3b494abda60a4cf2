import {
  type CurrentUser,
  type HistoryRecord,
  type LevelProgress,
  levelProgress,
  levelTitle,
  type ProfileStatistics,
} from '@mathgames/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AsOf } from '../../../components/as-of.js';
import { LabelledValue, type LabelledValueLook } from '../../../components/labelled-value.js';
import { InlineError } from '../../../components/query-states.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { ProgressBar } from '../../../components/ui/progress-bar.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { Tabs } from '../../../components/ui/tabs.js';
import { displayNameOf } from '../../../lib/auth.js';
import { toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { usePercent } from '../../../lib/i18n/use-percent.js';
import { gameHistoryQueryOptions } from '../../../lib/queries/game-history.js';
import { statisticsQueryOptions } from '../../../lib/queries/statistics.js';
import { allBadgesQueryOptions, useBadgeSummary } from '../../../lib/queries/user-badges.js';
import { profileStatisticsFrom } from '../hooks/use-profile-statistics.js';
import { AccountTab } from './account-tab.js';
import { Avatar } from './avatar.js';
import { BadgesTab } from './badges-tab.js';
import { HistoryRow, HistoryTab } from './history-tab.js';
import { PhotoControls } from './photo-controls.js';
import { PointsChart } from './points-chart.js';
import type { EditState } from './profile-form.js';
import { SettingsTab } from './settings-tab.js';
import { StatisticsTab } from './statistics-tab.js';

/** 3 recent activities in the left column. */
export const RECENT_ACTIVITIES = 3;

export type ProfileTab = 'hesap' | 'badges' | 'ayarlar' | 'istatistikler' | 'oyunlar';

/** A figure of the side column: the label left, the number right. */
const STAT_LOOK: LabelledValueLook = {
  item: 'flex items-baseline justify-between gap-3 border-b border-slate-100 py-2 last:border-0',
  label: 'text-base font-bold text-slate-700',
  value: 'text-lg font-black tabular-nums',
};

export function ProfileScreen({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const [tab, setTab] = useState<ProfileTab>('hesap');
  const [editState, setEditState] = useState<EditState>('view');

  const statistics = useQuery(statisticsQueryOptions);
  const history = useInfiniteQuery(gameHistoryQueryOptions);
  const badges = useQuery(allBadgesQueryOptions());
  const summary = useBadgeSummary();

  const stats = profileStatisticsFrom(statistics.data);
  const records: HistoryRecord[] = history.data?.pages.flatMap((page) => page.items) ?? [];
  const totalGames = statistics.data?.totalGames ?? history.data?.pages[0]?.total;
  const level = levelProgress(stats?.totalPoints ?? 0);
  const completedBadges = summary.data?.completed ?? badges.data?.filter((item) => item.completed).length;
  const totalBadges = summary.data?.total ?? badges.data?.length;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <ProfileHeader user={user} level={level.level} updatedAt={statistics.dataUpdatedAt} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        {/* Each column has its h2 (hidden: the cards say it), so the cards' h3 titles follow the page's h1 in
            order (axe's heading-order). */}
        <aside className="flex flex-col gap-5" aria-labelledby="profile-summary-heading">
          <h2 id="profile-summary-heading" className="sr-only">
            {t('header.summary')}
          </h2>
          <ProgressCard
            stats={stats}
            level={level}
            failed={statistics.isError}
            completedBadges={completedBadges}
          />
          <GameStatsCard
            stats={stats}
            totalGames={totalGames}
            completedBadges={completedBadges}
            totalBadges={totalBadges}
            records={records}
            historyPending={history.isPending}
            onSeeAll={() => {
              setTab('oyunlar');
              document.getElementById('profile-tabs')?.scrollIntoView({ block: 'start' });
            }}
          />
        </aside>

        <div id="profile-tabs">
          <h2 className="sr-only">{t('tabs.label')}</h2>
          <Tabs
            label={t('tabs.label')}
            value={tab}
            onValueChange={(value) => setTab(value as ProfileTab)}
            tabs={[
              {
                value: 'hesap',
                label: t('tabs.account'),
                content: (
                  <AccountTab
                    user={user}
                    totalGames={totalGames}
                    badges={badges.data}
                    badgesFailed={badges.isError}
                    editState={editState}
                    onEditState={setEditState}
                  />
                ),
              },
              {
                value: 'badges',
                label: t('tabs.badges'),
                content: <BadgesTab badges={badges.data} failed={badges.isError} />,
              },
              { value: 'ayarlar', label: t('tabs.settings'), content: <SettingsTab user={user} /> },
              {
                value: 'istatistikler',
                label: t('tabs.statistics'),
                content: (
                  <StatisticsTab
                    stats={stats}
                    raw={statistics.data}
                    totalGames={totalGames}
                    failed={statistics.isError}
                  />
                ),
              },
              {
                value: 'oyunlar',
                label: t('tabs.history'),
                content: (
                  <HistoryTab
                    records={records}
                    total={history.data?.pages[0]?.total}
                    isPending={history.isPending}
                    failed={history.isError}
                    hasMore={history.hasNextPage}
                    loadingMore={history.isFetchingNextPage}
                    onMore={() => void history.fetchNextPage()}
                  />
                ),
              },
            ]}
          />
        </div>
      </div>
    </section>
  );
}

/** The gradient header: avatar with its level, level title, name, e-mail (not for pupils) and the photo controls. */
function ProfileHeader({ user, level, updatedAt }: { user: CurrentUser; level: number; updatedAt: number }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const lang = toLang(i18n.resolvedLanguage);
  const name = displayNameOf(user);
  return (
    <header className="mb-6 flex flex-col items-center gap-5 rounded-3xl bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-center text-white shadow-md sm:flex-row sm:text-left">
      <div className="relative">
        <Avatar user={user} />
        <span
          className="absolute -right-1 -bottom-1 flex size-11 items-center justify-center rounded-full border-4 border-white bg-amber-400 text-lg font-black text-slate-900"
          data-testid="level-badge"
        >
          <span className="sr-only">{t('header.level', { level })}</span>
          <span aria-hidden="true">{level}</span>
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-base font-bold text-amber-200" data-testid="level-title">
          {levelTitle(level, lang)}
        </p>
        <h1 className="text-3xl font-black break-words sm:text-4xl" data-testid="profile-name">
          {name}
        </h1>
        {user.role !== 'pupil' && <p className="text-lg break-all text-indigo-100">{user.email ?? '—'}</p>}
        <AsOf updatedAt={updatedAt} />
      </div>
      <div className="rounded-3xl bg-white p-3 text-slate-900">
        <PhotoControls user={user} />
      </div>
    </header>
  );
}

function ProgressCard({
  stats,
  level,
  failed,
  completedBadges,
}: {
  stats: ProfileStatistics | null;
  level: LevelProgress;
  failed: boolean;
  completedBadges: number | undefined;
}) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const message = useMessage();
  const percent = usePercent();
  const lang = toLang(i18n.resolvedLanguage);
  return (
    <Card>
      <CardTitle className="mb-3">{t('progress.heading')}</CardTitle>
      {stats ? (
        <>
          <p className="text-lg font-black">
            {t('progress.level', { level: level.level })} · {levelTitle(level.level, lang)}
          </p>
          <ProgressBar
            className="mt-2"
            value={level.percentToNext}
            label={t('progress.barLabel', {
              percent: percent(level.percentToNext),
              level: level.level + 1,
            })}
          />
          <p className="mt-1 text-sm font-bold text-slate-700" data-testid="points-to-next">
            {percent(level.percentToNext)} · {t('progress.toNext', { count: level.pointsToNext })}
          </p>
          <dl className="mt-3">
            <LabelledValue look={STAT_LOOK} label={t('progress.totalPoints')} testId="profile-points">
              {String(stats.totalPoints)}
            </LabelledValue>
            <LabelledValue look={STAT_LOOK} label={t('progress.successRate')}>
              {percent(stats.successRate)}
            </LabelledValue>
            <LabelledValue look={STAT_LOOK} label={t('progress.badges')}>
              {String(completedBadges ?? '—')}
            </LabelledValue>
          </dl>
        </>
      ) : failed ? (
        <InlineError>{message('statistics_error_loading')}</InlineError>
      ) : (
        <Skeleton className="h-44" />
      )}
    </Card>
  );
}

/** Games, answers and badges so far, the weekly points and the latest games (with a way to the history tab). */
function GameStatsCard({
  stats,
  totalGames,
  completedBadges,
  totalBadges,
  records,
  historyPending,
  onSeeAll,
}: {
  stats: ProfileStatistics | null;
  totalGames: number | undefined;
  completedBadges: number | undefined;
  totalBadges: number | undefined;
  records: HistoryRecord[];
  historyPending: boolean;
  onSeeAll: () => void;
}) {
  const { t } = useTranslation(['profile', 'common']);
  return (
    <Card>
      <CardTitle className="mb-3">{t('gameStats.heading')}</CardTitle>
      <dl>
        <LabelledValue look={STAT_LOOK} label={t('gameStats.totalGames')} testId="profile-total-games">
          {String(totalGames ?? '—')}
        </LabelledValue>
        <LabelledValue look={STAT_LOOK} label={t('gameStats.correct')}>
          {stats ? `${stats.correctAnswers}/${stats.totalQuestions}` : '—'}
        </LabelledValue>
        <LabelledValue look={STAT_LOOK} label={t('gameStats.badges')}>
          {completedBadges !== undefined && totalBadges !== undefined
            ? `${completedBadges}/${totalBadges}`
            : '—'}
        </LabelledValue>
      </dl>
      <h4 className="mt-4 mb-2 text-base font-extrabold">{t('gameStats.weeklyPoints')}</h4>
      {stats ? (
        <PointsChart
          values={stats.weeklyPoints}
          heightPx={80}
          minPx={12}
          zeroPx={12}
          testId="profile-weekly-chart"
        />
      ) : (
        <Skeleton className="h-28" />
      )}
      <h4 className="mt-5 mb-2 text-base font-extrabold">{t('gameStats.recent')}</h4>
      {historyPending ? (
        <Skeleton className="h-40" />
      ) : records.length === 0 ? (
        <p className="text-slate-700">{t('history.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="recent-activities">
            {records.slice(0, RECENT_ACTIVITIES).map((record) => (
              <li key={record.id}>
                <HistoryRow record={record} />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="mt-3 min-h-12 font-bold text-brand-700 underline underline-offset-4"
            onClick={onSeeAll}
          >
            {t('gameStats.seeAll')}
          </button>
        </>
      )}
    </Card>
  );
}
