import { historyQuerySchema, translate } from '@mathgames/contracts';
import { AppError, requireUser } from '@mathgames/platform';
import type { Express, Request } from 'express';
import type { StoredGameResult } from '../../data-access/game-results-repository.js';
import type { GameResultsDeps } from '../../domain/deps.js';
import { getFactFluency } from '../../domain/fact-fluency.js';
import { getHistory } from '../../domain/history.js';
import { getOutcomeMastery } from '../../domain/outcome-mastery.js';
import { recordGameResult } from '../../domain/record-game-result.js';
import { getReviewSchedule, recordReview } from '../../domain/review.js';
import { getStatistics } from '../../domain/statistics.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** Optional client result id; visible ASCII only, so it is safe in logs and as a database key. */
function idempotencyKey(req: Request): string | null {
  const raw = req.get('idempotency-key');
  if (raw === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(raw))
    throw new AppError(400, 'validation_error', 'validation_error', 'Idempotency-Key');
  return raw;
}

function resultBody(result: StoredGameResult, message: string) {
  return {
    id: result.id,
    gameType: result.gameType,
    difficulty: result.difficulty,
    createdAt: result.playedAt.toISOString(),
    correctAnswers: result.correctAnswers,
    questionsCount: result.questionsCount,
    totalTime: result.totalTime,
    points: result.points,
    questions: result.questions,
    message,
  };
}

export function gameResultsRoutes(deps: GameResultsDeps) {
  return (app: Express) => {
    app.post('/api/game-results', async (req, res) => {
      const userId = requireUser(req);
      const wait = await deps.budget?.take(userId);
      if (wait) {
        res.setHeader('Retry-After', String(wait));
        throw new AppError(429, 'rate_limited', 'rate_limited', undefined, { vars: { seconds: wait } });
      }
      const { result, replayed } = await recordGameResult(deps, userId, req.body, idempotencyKey(req));
      if (replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(201).json(resultBody(result, translate('result_saved', req.identity.lang)));
    });

    app.get('/api/game-results', async (req, res) => {
      const userId = requireUser(req);
      const query = historyQuerySchema.parse(req.query);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await getHistory(deps.pool, userId, query.limit, query.cursor));
    });

    app.get('/api/game-results/review', async (req, res) => {
      const userId = requireUser(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await getReviewSchedule(deps, userId));
    });

    app.post('/api/game-results/review', async (req, res) => {
      const userId = requireUser(req);
      res.json(await recordReview(deps, userId, req.body));
    });

    app.get('/api/statistics', async (req, res) => {
      const userId = requireUser(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await getStatistics(deps, userId));
    });

    app.get('/api/statistics/facts', async (req, res) => {
      const userId = requireUser(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await getFactFluency(deps, userId, req.query.threshold));
    });

    app.get('/api/statistics/outcomes', async (req, res) => {
      const userId = requireUser(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await getOutcomeMastery(deps, userId));
    });

    // Weekly progress is derived from per-day counts of the current week, so there is nothing to clear: the
    // web app's Monday call succeeds without touching data, however often it is made.
    app.post('/api/statistics/resetWeeklyProgress', (req, res) => {
      requireUser(req);
      res.json({ message: translate('weekly_progress_reset', req.identity.lang) });
    });
  };
}
