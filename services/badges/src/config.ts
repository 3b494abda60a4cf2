import { configLoader } from '@mathgames/platform';

export const loadBadgesConfig = configLoader('badges');
export type BadgesConfig = ReturnType<typeof loadBadgesConfig>;
export const loadBadgeWorkerConfig = configLoader('badge-worker');
