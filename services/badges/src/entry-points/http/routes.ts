import {
  ALL_BADGE_CATEGORIES,
  BADGE_COUNTS_PATH,
  badgeCountsRequestSchema,
  badgeSummaryBody,
  badgeSummaryEtag,
  badgeSummaryQuerySchema,
  type CategoryKey,
  etagMatches,
  userBadgesQuerySchema,
} from '@mathgames/contracts';
import { AppError, requireUser } from '@mathgames/platform';
import type { Express } from 'express';
import { getCountsMany, getSummary } from '../../domain/badge-summary.js';
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

    // The gateway's cold polls, many users at once (contracts: BADGE_COUNTS_PATH). The identity layer has checked
    // that the gateway signed this call for this path; a call on a user's behalf is never one of these.
    app.post(BADGE_COUNTS_PATH, async (req, res) => {
      if (req.identity.userId !== null) throw new AppError(403, 'forbidden');
      const { userIds } = badgeCountsRequestSchema.parse(req.body);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ items: await getCountsMany(deps, [...new Set(userIds)]) });
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
