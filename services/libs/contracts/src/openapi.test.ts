import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';

describe('OpenAPI document', () => {
  it('describes every endpoint with schemas generated from zod', () => {
    const doc = buildOpenApiDocument();
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /api/auth/me',
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/auth/logout',
        'POST /api/auth/forgot-password',
        'POST /api/auth/verify-email',
        'POST /api/auth/validate-reset-token',
        'POST /api/auth/reset-password',
        'POST /api/auth/revert-email-change',
        'POST /api/auth/logout-everywhere',
        'POST /api/game-results',
        'GET /api/game-results',
        'GET /api/game-results/review',
        'POST /api/game-results/review',
        'GET /api/statistics',
        'GET /api/statistics/outcomes',
        'POST /api/statistics/resetWeeklyProgress',
        'GET /api/user-badges',
        'GET /api/user-badges/summary',
        'POST /api/profile/update',
        'POST /api/profile/photo',
        'DELETE /api/profile/photo',
      ].sort(),
    );
    const schemas = doc.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'GameResultRequest',
        'StatisticsResponse',
        'ErrorBody',
        'UserBadgeItem',
        'CurrentUser',
        'MasteryResponse',
        'OutcomeMastery',
      ]),
    );
    expect(JSON.stringify(schemas.LoginRequest)).toContain('"maxLength":72');
  });
});
