import { loadConfig, portWithDefault } from '@mathgames/platform';

export const badgesConfigShape = { PORT: portWithDefault(4003) };

export type BadgesConfig = ReturnType<typeof loadBadgesConfig>;

export function loadBadgesConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(badgesConfigShape, env, { deployable: 'badges' });
}

export const badgeWorkerConfigShape = { PORT: portWithDefault(4013) };

export type BadgeWorkerConfig = ReturnType<typeof loadBadgeWorkerConfig>;

export function loadBadgeWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(badgeWorkerConfigShape, env, { deployable: 'badge-worker' });
}
