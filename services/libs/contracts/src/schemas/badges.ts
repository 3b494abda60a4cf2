/** The badge catalogue and a user's progress on it. */
import { z } from 'zod';
import { BADGE_TIER_IDS } from '../badges/catalogue.js';
import { ALL_BADGE_CATEGORIES, CATEGORY_KEYS, USER_BADGES_MAX_LIMIT } from '../values.js';
import { categoryKeySchema, difficultySchema, gameTypeSchema } from './fields.js';
import { input, isoDateTime, k } from './shared.js';

export const badgeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    requiredCount: z.number().int().positive(),
    requirement: z.string(),
    category: gameTypeSchema,
    categoryKey: categoryKeySchema,
    difficulty: difficultySchema,
    tier: z.enum(BADGE_TIER_IDS as [string, ...string[]]),
    special: z.boolean(),
  })
  .meta({ id: 'Badge' });
export type Badge = z.infer<typeof badgeSchema>;

/** A user's progress on one badge; `id` is the badge id (a missing row reads as progress 0). */
export const userBadgeItemSchema = z
  .object({
    id: z.string(),
    progress: z.number().int().nonnegative(),
    completed: z.boolean(),
    completedAt: isoDateTime.nullable(),
    badge: badgeSchema,
  })
  .meta({ id: 'UserBadgeItem' });
export type UserBadgeItem = z.infer<typeof userBadgeItemSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { error: k('invalid_boolean') })
  .transform((v) => v === 'true');

export const userBadgesQuerySchema = input({
  completed: booleanQuery.optional(),
  limit: z.coerce
    .number({ error: k('invalid_limit') })
    .int(k('invalid_limit'))
    .min(1, k('invalid_limit'))
    .max(USER_BADGES_MAX_LIMIT, k('invalid_limit'))
    .default(USER_BADGES_MAX_LIMIT),
  category: z.enum(CATEGORY_KEYS, { error: k('invalid_category') }).default(ALL_BADGE_CATEGORIES),
}).meta({ id: 'UserBadgesQuery' });
export type UserBadgesQuery = z.infer<typeof userBadgesQuerySchema>;

export const badgeSummaryQuerySchema = input({
  category: z.enum(CATEGORY_KEYS, { error: k('invalid_category') }).default(ALL_BADGE_CATEGORIES),
}).meta({ id: 'BadgeSummaryQuery' });
export type BadgeSummaryQuery = z.infer<typeof badgeSummaryQuerySchema>;

export const userBadgesResponseSchema = z.array(userBadgeItemSchema).meta({ id: 'UserBadgesResponse' });
export type UserBadgesResponse = z.infer<typeof userBadgesResponseSchema>;

export const badgeSummarySchema = z
  .object({ total: z.number().int().nonnegative(), completed: z.number().int().nonnegative() })
  .meta({ id: 'BadgeSummary' });
export type BadgeSummary = z.infer<typeof badgeSummarySchema>;
