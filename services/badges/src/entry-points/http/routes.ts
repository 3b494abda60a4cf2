import {
  ALL_BADGE_CATEGORIES,
  badgeSummaryBody,
  badgeSummaryEtag,
  badgeSummaryQuerySchema,
  type CategoryKey,
  etagMatches,
  userBadgesQuerySchema,
} from '@mathgames/contracts';
import { requireUser } from '@mathgames/platform';
import type { Express } from 'express';
import { getSummary } from '../../domain/badge-summary.js';
import type { BadgesDeps } from '../../domain/deps.js';
import { listBadgesForUser } from '../../domain/user-badges.js';

export function badgesRoutes(deps: BadgesDeps) {
  return (app: Express) => {
    // Polled every 3 s by every open tab: one Redis GET, a tiny body written once, 304 when unchanged.
    app.get('/api/user-badges/summary', async (req, res) => {
      const userId = requireUser(req);
      const category: CategoryKey =
        req.query.category === undefined
          ? ALL_BADGE_CATEGORIES
          : badgeSummaryQuerySchema.parse(req.query).category;
      const summary = await getSummary(deps, userId, category);
      const etag = badgeSummaryEtag(summary);
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'private, no-cache');
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(badgeSummaryBody(summary));
    });

    app.get('/api/user-badges', async (req, res) => {
      const userId = requireUser(req);
      const query = userBadgesQuerySchema.parse(req.query);
      const items = await listBadgesForUser(deps.pool, deps.catalogue, userId, {
        category: query.category,
        completedOnly: query.completed === true,
        limit: query.limit,
        lang: req.identity.lang,
      });
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(items);
    });
  };
}
