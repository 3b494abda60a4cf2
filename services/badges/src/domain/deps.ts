import type { Logger, Pool } from '@mathgames/platform';
import type { CatalogueBadge } from '../data-access/badges-repository.js';
import type { SummaryCache } from '../data-access/summary-cache.js';

/** The dependency bag: what every use case needs, built once by createBadgesService. */
export interface BadgesDeps {
  pool: Pool;
  cache: SummaryCache;
  logger: Logger;
  catalogue: () => Promise<CatalogueBadge[]>;
}
