import {
  ALL_BADGE_CATEGORIES,
  badgeProgressPercent,
  CATEGORY_KEYS,
  type CategoryKey,
  GAME_TYPE_KEYS,
  gameTypeFromCategoryKey,
  type UserBadgeItem,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AsOf } from '../../../components/as-of.js';
import { QueryStates, SkeletonList } from '../../../components/query-states.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import {
  allBadgesQueryOptions,
  completedBadgesQueryOptions,
  useBadgeSummary,
} from '../../../lib/queries/user-badges.js';
import { pageCount, pageOf, useBadgePages } from '../hooks/use-badge-pages.js';
import { BadgeCard } from './badge-card.js';
import { Pager } from './pager.js';
import { ProgressRing } from './progress-ring.js';

/** Closest to done first, so a child sees what is almost earned. */
const byProgress = (a: UserBadgeItem, b: UserBadgeItem) =>
  badgeProgressPercent(b.progress, b.badge.requiredCount) -
  badgeProgressPercent(a.progress, a.badge.requiredCount);

function BadgeGrid({ items }: { items: UserBadgeItem[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.id}>
          <BadgeCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function GridSkeleton() {
  return <SkeletonList count={3} itemClassName="h-56" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" />;
}

export function BadgesLoadError() {
  const message = useMessage();
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-3xl bg-red-50 p-8 text-center"
    >
      <span aria-hidden="true" className="text-5xl text-red-700">
        ⚠
      </span>
      <h2 className="text-2xl font-black text-red-900">{message('badges_load_failed_title')}</h2>
      <p className="text-lg text-red-900">{message('badges_load_failed')}</p>
      <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
    </div>
  );
}

function EmptyState({ text }: { text: string }) {
  const { t } = useTranslation('badges');
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-3xl border-2 border-dashed border-slate-300 bg-white p-8 text-center"
      data-testid="badges-empty"
    >
      <span aria-hidden="true" className="text-5xl text-amber-500">
        ★
      </span>
      <p className="text-lg font-bold text-slate-800">{text}</p>
      <Link to="/games" className={buttonClasses('primary', 'lg')}>
        {t('empty.goToGames')}
      </Link>
    </div>
  );
}

function FilterButtons({ value, onChange }: { value: CategoryKey; onChange: (key: CategoryKey) => void }) {
  const { t } = useTranslation(['badges', 'common']);
  return (
    <fieldset className="mb-5 flex flex-wrap gap-2" data-testid="badge-filters">
      <legend className="sr-only">{t('badges:filters.label')}</legend>
      {CATEGORY_KEYS.map((key) => {
        const type = gameTypeFromCategoryKey(key);
        const label = type ? t(`common:topics.${GAME_TYPE_KEYS[type]}`) : t('badges:filters.all');
        const active = key === value;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(key)}
            data-filter={key}
            className={cn(
              'min-h-12 rounded-full border-2 px-5 text-base font-bold transition-colors',
              active
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600',
            )}
          >
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}

export function BadgesScreen() {
  const { t } = useTranslation(['badges', 'common']);
  // Refetches the lists below when a badge crosses its threshold.
  const summary = useBadgeSummary();
  const pages = useBadgePages(summary.data?.completed);
  const completed = useQuery(completedBadgesQueryOptions());
  const all = useQuery(allBadgesQueryOptions(pages.filter));

  if (completed.isError || all.isError) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-12">
        <BadgesLoadError />
      </section>
    );
  }

  const completedItems = completed.data ?? [];
  const completedPage = pageOf(completedItems, pages.completedPage);
  const ongoingItems = (all.data ?? []).filter((item) => !item.completed).sort(byProgress);
  const ongoingPage = pageOf(ongoingItems, pages.ongoingPage);
  const total =
    summary.data?.total ?? (all.data && pages.filter === ALL_BADGE_CATEGORIES ? all.data.length : undefined);
  const done = summary.data?.completed ?? completed.data?.length;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="mb-8 flex flex-col items-center gap-6 rounded-3xl bg-white p-6 text-center shadow-sm sm:flex-row sm:text-left">
        {total === undefined || done === undefined ? (
          <Skeleton className="size-36 rounded-full" />
        ) : (
          <ProgressRing completed={done} total={total} />
        )}
        <div>
          <h1 className="text-3xl font-black sm:text-4xl">{t('title')}</h1>
          <p className="mt-2 text-lg text-slate-700">{t('subtitle')}</p>
          <AsOf updatedAt={summary.dataUpdatedAt} />
          {total !== undefined && done !== undefined && (
            <p className="mt-2 text-lg font-bold" data-testid="badges-summary">
              {t('ring.text', { completed: done, total })}
            </p>
          )}
        </div>
      </header>

      <section aria-labelledby="completed-heading" className="mb-10" data-testid="completed-badges">
        <h2 id="completed-heading" className="mb-4 text-2xl font-black">
          {t('completed.heading')}
          {completed.data && (
            <span className="ml-2 text-slate-600 tabular-nums">({completedItems.length})</span>
          )}
        </h2>
        <QueryStates
          pending={completed.isPending}
          loading={<GridSkeleton />}
          isEmpty={completedItems.length === 0}
          empty={<EmptyState text={t('empty.noCompleted')} />}
        >
          <BadgeGrid items={completedPage.items} />
          <Pager
            page={completedPage.page}
            pages={pageCount(completedItems.length)}
            onPage={pages.setCompletedPage}
            label={t('completed.pager')}
            testId="completed-pager"
          />
        </QueryStates>
      </section>

      <section aria-labelledby="ongoing-heading" data-testid="ongoing-badges">
        <h2 id="ongoing-heading" className="mb-4 text-2xl font-black">
          {t('ongoing.heading')}
        </h2>
        <FilterButtons value={pages.filter} onChange={pages.setFilter} />
        <QueryStates
          pending={all.isPending}
          loading={<GridSkeleton />}
          isEmpty={ongoingItems.length === 0}
          empty={<EmptyState text={t('empty.noOngoing')} />}
        >
          <BadgeGrid items={ongoingPage.items} />
          <Pager
            page={ongoingPage.page}
            pages={pageCount(ongoingItems.length)}
            onPage={pages.setOngoingPage}
            label={t('ongoing.pager')}
            testId="ongoing-pager"
          />
        </QueryStates>
      </section>
    </section>
  );
}
