import type { GatewayConfig } from './config.js';

export type UpstreamName = 'auth' | 'game-results' | 'badges' | 'classes';

/** Which service owns an /api path; null means no service does. */
export function upstreamFor(path: string): UpstreamName | null {
  const owns = (prefix: string) =>
    path === prefix ||
    (path.startsWith(prefix) && (path[prefix.length] === '/' || path[prefix.length] === '?'));
  if (owns('/api/user-badges')) return 'badges';
  if (owns('/api/auth') || owns('/api/profile')) return 'auth';
  if (owns('/api/game-results') || owns('/api/statistics')) return 'game-results';
  if (owns('/api/classes') || owns('/api/class-codes')) return 'classes';
  return null;
}

/** Each service's base URL, from the config. */
export function upstreamTargets(config: GatewayConfig): Record<UpstreamName, string> {
  return {
    auth: config.AUTH_URL,
    'game-results': config.GAME_RESULTS_URL,
    badges: config.BADGES_URL,
    classes: config.CLASSES_URL,
  };
}
