import {
  DIFFICULTY_KEYS,
  type Difficulty,
  GAME_TYPE_KEYS,
  type GameType,
  type UserBadgeItem,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MedalIcon } from '../../../components/icons.js';
import { ProgressBar } from '../../../components/ui/progress-bar.js';
import { useCurrentUser } from '../../../lib/auth.js';
import { allBadgesQueryOptions } from '../../../lib/queries/user-badges.js';

/** The unfinished badge of this topic and difficulty that needs the fewest more correct answers. */
export function nearestBadge(items: readonly UserBadgeItem[], gameType: GameType, difficulty: Difficulty) {
  let best: { item: UserBadgeItem; missing: number } | null = null;
  for (const item of items) {
    if (item.completed || item.badge.category !== gameType || item.badge.difficulty !== difficulty) continue;
    const missing = Math.max(0, item.badge.requiredCount - item.progress);
    if (!best || missing < best.missing) best = { item, missing };
  }
  return best;
}

/**
 * "12 more correct answers in easy addition for Toplama Acemisi": every game visibly moves a pupil toward a badge.
 * Reads the badge list that is refreshed once the result is saved (no extra request when it is cached).
 */
export function NearestBadge({ gameType, difficulty }: { gameType: GameType; difficulty: Difficulty }) {
  const { t } = useTranslation(['gameplay', 'common']);
  const { user } = useCurrentUser();
  const badges = useQuery({ ...allBadgesQueryOptions(), enabled: user !== null });
  if (!user || !badges.data) return null;
  const nearest = nearestBadge(badges.data, gameType, difficulty);
  if (!nearest) return null;
  const { item, missing } = nearest;
  return (
    <section
      aria-labelledby="nearest-badge-heading"
      className="mt-6 flex items-center gap-4 rounded-3xl bg-amber-50 p-5"
      data-testid="nearest-badge"
    >
      <MedalIcon className="size-12 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <h2 id="nearest-badge-heading" className="text-xl font-extrabold text-amber-950">
          {t('gameplay:result.nearestBadge.heading')}
        </h2>
        <p className="text-lg font-semibold text-slate-800">
          {t('gameplay:result.nearestBadge.text', {
            count: missing,
            difficulty: t(`common:difficulties.${DIFFICULTY_KEYS[difficulty]}`),
            topic: t(`common:topics.${GAME_TYPE_KEYS[gameType]}`),
            badge: item.badge.name,
          })}
        </p>
        <ProgressBar
          className="mt-2 h-3"
          barClassName="bg-amber-500"
          value={item.progress}
          max={item.badge.requiredCount}
          label={t('gameplay:result.nearestBadge.bar', {
            badge: item.badge.name,
            progress: item.progress,
            required: item.badge.requiredCount,
          })}
        />
      </div>
    </section>
  );
}
