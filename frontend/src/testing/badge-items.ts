import { BADGE_CATALOGUE, type BadgeDefinition, type UserBadgeItem } from '@mathgames/contracts';

/** A user-badge item as the API answers it, built from the real catalogue. */
export function badgeItem(
  definition: BadgeDefinition,
  progress: number,
  lang: 'tr' | 'en' = 'en',
): UserBadgeItem {
  const completed = progress >= definition.requiredCount;
  return {
    id: definition.id,
    progress,
    completed,
    completedAt: completed ? '2026-11-20T10:00:00.000Z' : null,
    badge: {
      id: definition.id,
      name: definition.name[lang],
      description: definition.description[lang],
      icon: definition.icon,
      requiredCount: definition.requiredCount,
      requirement: definition.requirement,
      category: definition.category,
      categoryKey: definition.categoryKey,
      difficulty: definition.difficulty,
      tier: definition.tier,
      special: definition.tier === 'legendary' || definition.tier === 'genius',
    },
  };
}

/** The whole catalogue with the progress a function gives each badge. */
export function catalogueWith(
  progress: (definition: BadgeDefinition, index: number) => number,
): UserBadgeItem[] {
  return BADGE_CATALOGUE.map((definition, i) => badgeItem(definition, progress(definition, i)));
}
