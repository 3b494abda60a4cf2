import {
  ALL_BADGE_CATEGORIES,
  type BadgeTier,
  type CategoryKey,
  isSpecialTier,
  type Lang,
  type UserBadgeItem,
} from '@mathgames/contracts';
import type pg from 'pg';
import { type CatalogueBadge, listUserBadges, loadCatalogue } from '../data-access/badges-repository.js';

export interface UserBadgesQuery {
  category: CategoryKey;
  completedOnly: boolean;
  limit: number;
  lang: Lang;
}

/** The catalogue never changes while a process runs (it is seeded by migration): read it once. */
export function createCatalogueReader(pool: pg.Pool): () => Promise<CatalogueBadge[]> {
  let loading: Promise<CatalogueBadge[]> | null = null;
  return () => {
    loading ??= loadCatalogue(pool).then(
      (badges) => {
        // An empty table means migrations have not run yet: ask again next time rather than cache nothing.
        if (badges.length === 0) loading = null;
        return badges;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  };
}

/** Every badge of the catalogue (or one category) with the user's progress; unstarted badges read as 0. */
export async function listBadgesForUser(
  pool: pg.Pool,
  catalogue: () => Promise<CatalogueBadge[]>,
  userId: number,
  query: UserBadgesQuery,
): Promise<UserBadgeItem[]> {
  const [badges, rows] = await Promise.all([catalogue(), listUserBadges(pool, userId)]);
  const mine = new Map(rows.map((r) => [r.badgeId, r]));
  const items: UserBadgeItem[] = [];
  for (const b of badges) {
    if (query.category !== ALL_BADGE_CATEGORIES && b.categoryKey !== query.category) continue;
    const row = mine.get(b.id);
    const completed = row?.completed ?? false;
    if (query.completedOnly && !completed) continue;
    items.push({
      id: b.id,
      // Shown capped at 100 %: a finished badge reads 50/50, not 75/50.
      progress: Math.min(row?.progress ?? 0, b.requiredCount),
      completed,
      completedAt: row?.completedAt?.toISOString() ?? null,
      badge: {
        id: b.id,
        name: b.name[query.lang],
        description: b.description[query.lang],
        icon: b.icon,
        requiredCount: b.requiredCount,
        requirement: b.requirement,
        category: b.category as UserBadgeItem['badge']['category'],
        categoryKey: b.categoryKey as UserBadgeItem['badge']['categoryKey'],
        difficulty: b.difficulty as UserBadgeItem['badge']['difficulty'],
        tier: b.tier,
        special: isSpecialTier(b.tier as BadgeTier),
      },
    });
  }
  // Earned badges newest first (the profile shows the latest eight); otherwise catalogue order.
  if (query.completedOnly) items.sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  return items.slice(0, query.limit);
}
