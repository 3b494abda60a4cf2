/**
 * zod schemas for every request, response and event of the API. Issue messages are message keys
 * (see message-catalogue.ts); the platform error handler translates them and names the field.
 */
import { z } from 'zod';
import { BADGE_TIER_IDS } from './badges.js';
import { factAttemptSchema } from './fact-fluency.js';
import type { MessageKey } from './message-catalogue.js';
import { MISTAKE_KINDS } from './mistakes.js';
import { LEITNER_BOXES, REVIEW_MAX_QUESTIONS } from './review-schedule.js';
import {
  ALL_BADGE_CATEGORIES,
  CATEGORY_KEYS,
  DIFFICULTIES,
  GAME_TYPES,
  LANGUAGES,
  parseDifficulty,
  parseGameType,
  QUESTION_COUNTS,
  USER_BADGES_MAX_LIMIT,
} from './values.js';

/** Narrows a message key so a typo in a schema is a type error. */
const k = (key: MessageKey) => key;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 50;
export const ABOUT_MAX = 500;
export const EMAIL_MAX = 254;
export const TOKEN_MAX = 512;

/** `teacher`: may create classes (once verified); `pupil`: made by a teacher, no e-mail, signs in with pictures. */
export const USER_ROLES = ['user', 'teacher', 'pupil'] as const;
export type UserRole = (typeof USER_ROLES)[number];

// ---------------------------------------------------------------- fields

/** Trimmed and lower-cased so one address is one account whatever the keyboard did. */
export const emailSchema = z
  .string({ error: k('email_required') })
  .trim()
  .toLowerCase()
  .min(1, k('email_required'))
  .max(EMAIL_MAX, k('email_too_long'))
  .regex(z.regexes.email, k('email_invalid'))
  .meta({ example: 'ali@example.com' });

export const passwordSchema = z
  .string({ error: k('password_required') })
  .min(PASSWORD_MIN, k('password_too_short'))
  .max(PASSWORD_MAX, k('password_too_long'));

const confirmPasswordSchema = z
  .string({ error: k('confirm_password_too_short') })
  .min(PASSWORD_MIN, k('confirm_password_too_short'))
  .max(PASSWORD_MAX, k('confirm_password_too_long'));

/** Letters of any alphabet (Turkish included), digits, dot, dash, underscore and single inner spaces. */
export const usernameSchema = z
  .string({ error: k('username_required') })
  .trim()
  .min(1, k('username_required'))
  .min(USERNAME_MIN, k('username_too_short'))
  .max(USERNAME_MAX, k('username_too_long'))
  .regex(/^[\p{L}\p{N}._-]+(?: [\p{L}\p{N}._-]+)*$/u, k('username_invalid'));

export const langSchema = z.enum(LANGUAGES);

export const gameTypeSchema = z.enum(GAME_TYPES);
export const difficultySchema = z.enum(DIFFICULTIES);
export const categoryKeySchema = z.enum(CATEGORY_KEYS);

/** Accepts every topic alias (docs/product-rules.md#values) and gives the canonical game type; unknown is a 400 on writes. */
export const gameTypeInputSchema = z.string({ error: k('invalid_game_type') }).transform((s, ctx) => {
  const t = parseGameType(s);
  if (!t) {
    ctx.addIssue({ code: 'custom', message: k('invalid_game_type') });
    return z.NEVER;
  }
  return t;
});

export const difficultyInputSchema = z.string({ error: k('invalid_difficulty') }).transform((s, ctx) => {
  const d = parseDifficulty(s);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: k('invalid_difficulty') });
    return z.NEVER;
  }
  return d;
});

const tokenSchema = (message: MessageKey) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(TOKEN_MAX, message)
    .regex(/^[A-Za-z0-9_-]+$/, message);

const isoDateTime = z.iso.datetime({ offset: true });

/** A request body or query: anything but an object (null, a string) is a plain validation_error. */
function input<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: k('validation_error') });
}

// ---------------------------------------------------------------- auth

export const loginRequestSchema = input({
  email: emailSchema,
  password: passwordSchema,
  /** "This is a shared computer": the session ends after 30 idle minutes and when the browser closes. */
  sharedDevice: z.boolean({ error: k('invalid_boolean') }).optional(),
}).meta({
  id: 'LoginRequest',
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Deleting one's own account: the password again (pupils cannot; their teacher removes them). */
export const deleteAccountRequestSchema = input({ password: passwordSchema }).meta({
  id: 'DeleteAccountRequest',
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** What the API receives: the form without confirmPassword. */
export const registerRequestSchema = input({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Language of the verification e-mail; the gateway's language wins when absent. */
  lang: langSchema.optional(),
  /** "I am a teacher": the account gets the teacher role (it can create classes once the e-mail is verified). */
  teacher: z.boolean({ error: k('validation_error') }).optional(),
}).meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register form: a mismatch is reported on confirmPassword. */
export const registerFormSchema = input({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
}).refine((v) => v.password === v.confirmPassword, {
  message: k('passwords_mismatch'),
  path: ['confirmPassword'],
});
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotPasswordRequestSchema = input({ email: emailSchema, lang: langSchema.optional() }).meta({
  id: 'ForgotPasswordRequest',
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordFormSchema = input({
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
}).refine((v) => v.password === v.confirmPassword, {
  message: k('passwords_mismatch'),
  path: ['confirmPassword'],
});

/** The token is required: `{ email, newPassword }` alone would let anyone reset anyone's password. */
export const resetPasswordRequestSchema = input({
  token: tokenSchema(k('reset_token_invalid')),
  newPassword: passwordSchema,
  email: emailSchema.optional(),
}).meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const verifyEmailQuerySchema = input({ token: tokenSchema(k('verification_token_invalid')) }).meta({
  id: 'VerifyEmailQuery',
});
export type VerifyEmailQuery = z.infer<typeof verifyEmailQuerySchema>;

/** The link an old address gets after an e-mail change: it puts the old address back. */
export const revertEmailChangeRequestSchema = input({
  token: tokenSchema(k('email_change_token_invalid')),
}).meta({ id: 'RevertEmailChangeRequest' });
export type RevertEmailChangeRequest = z.infer<typeof revertEmailChangeRequestSchema>;

export const validateResetTokenQuerySchema = input({ token: tokenSchema(k('reset_token_invalid')) }).meta({
  id: 'ValidateResetTokenQuery',
});
export type ValidateResetTokenQuery = z.infer<typeof validateResetTokenQuerySchema>;

export const tokenValidationResponseSchema = z
  .object({
    valid: z.boolean(),
    username: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'TokenValidationResponse' });
export type TokenValidationResponse = z.infer<typeof tokenValidationResponseSchema>;

export const currentUserSchema = z
  .object({
    id: z.number().int().positive(),
    username: z.string(),
    displayName: z.string().nullable(),
    /** Null for future class accounts without e-mail (the profile then shows email_not_found_error). */
    email: z.string().nullable(),
    about: z.string().nullable(),
    receiveNotifications: z.boolean(),
    avatarColor: z.string().nullable(),
    photoUrl: z.string().nullable(),
    isVerified: z.boolean(),
    role: z.enum(USER_ROLES),
    createdAt: isoDateTime,
    lastLogin: isoDateTime.nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const registerResponseSchema = z
  .object({
    message: z.string(),
    user: z.object({ username: z.string(), email: z.string() }),
  })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

// ---------------------------------------------------------------- profile

export const profileUpdateRequestSchema = input({
  displayName: z
    .string({ error: k('display_name_too_short') })
    .trim()
    .min(DISPLAY_NAME_MIN, k('display_name_too_short'))
    .max(DISPLAY_NAME_MAX, k('display_name_too_long')),
  /** Absent leaves the address as it is: a pupil's profile has no e-mail field at all. */
  email: emailSchema.optional(),
  about: z
    .string({ error: k('about_too_long') })
    .trim()
    .max(ABOUT_MAX, k('about_too_long'))
    .optional(),
  receiveNotifications: z.boolean({ error: k('invalid_boolean') }).optional(),
  /** A CSS hex colour; anything else could inject into a style attribute. */
  avatarColor: z
    .string({ error: k('avatar_color_invalid') })
    .regex(/^#[0-9a-fA-F]{6}$/, k('avatar_color_invalid'))
    .optional(),
  /** Required (and checked) only when `email` differs from the current address. */
  currentPassword: z
    .string({ error: k('current_password_required') })
    .max(128, k('current_password_wrong'))
    .optional(),
}).meta({ id: 'ProfileUpdateRequest' });
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const profileUpdateResponseSchema = z
  .object({ message: z.string(), user: currentUserSchema })
  .meta({ id: 'ProfileUpdateResponse' });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Raster images only: SVG can carry script. */
export const ALLOWED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PHOTO_FIELD = 'photo';

/** Photo rules (images only, under 5 MB: docs/product-rules.md#values); the service must also sniff the bytes, not trust the declared type. */
export function checkPhoto(file: { size: number; type: string } | null | undefined): MessageKey | null {
  if (!file || !(file.size > 0)) return 'photo_required';
  if (!(ALLOWED_PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return 'photo_type_invalid';
  if (file.size > MAX_PHOTO_BYTES) return 'photo_too_large';
  return null;
}

export const photoResponseSchema = z
  .object({ photoUrl: z.string().nullable(), message: z.string().optional() })
  .meta({ id: 'PhotoResponse' });
export type PhotoResponse = z.infer<typeof photoResponseSchema>;

// ---------------------------------------------------------------- shared responses

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const errorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    /** With rate_limited: seconds until a retry can succeed (also in the Retry-After header). */
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ---------------------------------------------------------------- game results

export const QUESTION_TEXT_MAX = 40;
export const MAX_TOTAL_TIME_SECONDS = 24 * 60 * 60;
/** A result kept on a device is accepted for this long after it was played (weekly charts reach back a week). */
export const PLAYED_AT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** A tablet's clock may run this far ahead of the server's. */
export const PLAYED_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** True when a sent play time is in the future (beyond clock skew) or older than the accepted age. */
export function playedAtOutOfBounds(playedAt: Date, now: Date): boolean {
  const age = now.getTime() - playedAt.getTime();
  return Number.isNaN(age) || age < -PLAYED_AT_CLOCK_SKEW_MS || age > PLAYED_AT_MAX_AGE_MS;
}

/** One answer may take at most this long to count (a longer one is a child who walked away, not a time). */
export const MAX_RESPONSE_MS = 10 * 60 * 1000;

const answerValue = z
  .number({ error: k('invalid_answer') })
  .int(k('invalid_answer'))
  .nonnegative(k('invalid_answer'))
  .max(2_000_000, k('invalid_answer'));

export const savedQuestionSchema = input({
  question: z
    .string({ error: k('invalid_question_text') })
    .trim()
    .min(3, k('invalid_question_text'))
    .max(QUESTION_TEXT_MAX, k('invalid_question_text')),
  answer: answerValue,
  /** null when the question was left unanswered. */
  userAnswer: answerValue.nullable(),
  isCorrect: z.boolean({ error: k('invalid_questions') }),
  /**
   * Milliseconds from the question appearing to the tap (feedback excluded): fact fluency. null or absent when
   * unanswered or sent by an older app; bounded here and checked against the game time by validateGameResult.
   */
  responseMs: z
    .number({ error: k('invalid_response_time') })
    .int(k('invalid_response_time'))
    .nonnegative(k('invalid_response_time'))
    .max(MAX_RESPONSE_MS, k('invalid_response_time'))
    .nullable()
    .optional(),
}).meta({ id: 'SavedQuestion' });
export type SavedQuestion = z.infer<typeof savedQuestionSchema>;

/** Which slip a wrong answer stands for (contracts/mistakes.ts); always derived on the server. */
export const mistakeKindSchema = z.enum(MISTAKE_KINDS).meta({ id: 'MistakeKind' });

export const gameResultRequestSchema = input({
  gameType: gameTypeInputSchema,
  difficulty: difficultyInputSchema,
  questionsCount: z.literal(QUESTION_COUNTS, { error: k('invalid_question_count') }),
  correctAnswers: z
    .number({ error: k('invalid_correct_answers') })
    .int(k('invalid_correct_answers'))
    .nonnegative(k('invalid_correct_answers'))
    .max(20, k('invalid_correct_answers')),
  totalTime: z
    .number({ error: k('invalid_total_time') })
    .int(k('invalid_total_time'))
    .nonnegative(k('invalid_total_time'))
    .max(MAX_TOTAL_TIME_SECONDS, k('invalid_total_time')),
  questions: z
    .array(savedQuestionSchema, { error: k('invalid_questions') })
    .min(1, k('invalid_questions'))
    .max(20, k('invalid_questions')),
  /**
   * When the game ended, for a result sent later (kept on the device while offline or signed out); absent means
   * now. The server refuses one outside `playedAtProblem`'s bounds.
   */
  playedAt: z.iso
    .datetime({ offset: true, error: k('invalid_played_at') })
    .optional()
    .meta({ description: 'When the game ended (ISO 8601); defaults to now' }),
}).meta({ id: 'GameResultRequest' });
export type GameResultRequest = z.infer<typeof gameResultRequestSchema>;
export type GameResultRequestInput = z.input<typeof gameResultRequestSchema>;

export const historyRecordSchema = z
  .object({
    id: z.number().int().positive(),
    gameType: gameTypeSchema,
    /** Stored text; an unknown legacy value is shown as is (parseDifficulty gives null). */
    difficulty: z.string(),
    createdAt: isoDateTime,
    correctAnswers: z.number().int().nonnegative(),
    questionsCount: z.number().int().nonnegative(),
    totalTime: z.number().int().nonnegative(),
    points: z.number().int().nonnegative(),
  })
  .meta({ id: 'HistoryRecord' });
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

export const HISTORY_DEFAULT_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;

export const historyQuerySchema = input({
  limit: z.coerce
    .number({ error: k('invalid_limit') })
    .int(k('invalid_limit'))
    .min(1, k('invalid_limit'))
    .max(HISTORY_MAX_LIMIT, k('invalid_limit'))
    .default(HISTORY_DEFAULT_LIMIT),
  cursor: z
    .string({ error: k('invalid_cursor') })
    .max(200, k('invalid_cursor'))
    .regex(/^[A-Za-z0-9_-]*$/, k('invalid_cursor'))
    .optional(),
}).meta({ id: 'HistoryQuery' });
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyResponseSchema = z
  .object({
    items: z.array(historyRecordSchema),
    nextCursor: z.string().nullable(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'HistoryResponse' });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

// ---------------------------------------------------------------- practice my mistakes (Leitner review)

export const reviewCardSchema = z
  .object({
    gameType: gameTypeSchema,
    difficulty: difficultySchema,
    mistake: mistakeKindSchema,
    box: z.number().int().min(1).max(LEITNER_BOXES),
    dueAt: isoDateTime,
  })
  .meta({ id: 'ReviewCard' });

export const reviewScheduleResponseSchema = z
  .object({
    /** Due now, interleaved across topics: the next review asks these in this order. */
    due: z.array(reviewCardSchema),
    /** Waiting for their day, soonest first. */
    later: z.array(reviewCardSchema),
  })
  .meta({ id: 'ReviewScheduleResponse' });
export type ReviewScheduleResponse = z.infer<typeof reviewScheduleResponseSchema>;

export const reviewAnswerSchema = input({
  gameType: gameTypeInputSchema,
  difficulty: difficultyInputSchema,
  mistake: z.enum(MISTAKE_KINDS, { error: k('validation_error') }),
  question: savedQuestionSchema.shape.question,
  answer: answerValue,
  userAnswer: answerValue.nullable(),
}).meta({ id: 'ReviewAnswer' });

export const reviewAnswersRequestSchema = input({
  answers: z
    .array(reviewAnswerSchema, { error: k('invalid_questions') })
    .min(1, k('invalid_questions'))
    .max(REVIEW_MAX_QUESTIONS, k('invalid_questions')),
}).meta({ id: 'ReviewAnswersRequest' });
export type ReviewAnswersRequest = z.infer<typeof reviewAnswersRequestSchema>;
export type ReviewAnswersRequestInput = z.input<typeof reviewAnswersRequestSchema>;

// ---------------------------------------------------------------- badges

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

export const gameResultResponseSchema = historyRecordSchema
  .extend({
    message: z.string().optional(),
  })
  .meta({ id: 'GameResultResponse' });
export type GameResultResponse = z.infer<typeof gameResultResponseSchema>;

// ---------------------------------------------------------------- statistics

const dayCounts = z.array(z.number().int().nonnegative()).length(7);

export const gameTypeStatSchema = z.object({
  correct: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  rate: z.number().int().min(0).max(100),
});
export type GameTypeStat = z.infer<typeof gameTypeStatSchema>;

export const mistakeCountSchema = z
  .object({ kind: mistakeKindSchema, count: z.number().int().positive() })
  .meta({ id: 'MistakeCount' });
export type MistakeCount = z.infer<typeof mistakeCountSchema>;

export const statisticsResponseSchema = z
  .object({
    totalPoints: z.number().int().nonnegative(),
    totalQuestions: z.number().int().nonnegative(),
    correctAnswers: z.number().int().nonnegative(),
    successRate: z.number().int().min(0).max(100),
    /**
     * The IANA time zone the server counts days and weeks in (its TIME_ZONE config): the browser takes its day and
     * week boundaries from here, so both sides agree on "today" and "Monday".
     */
    timeZone: z.string(),
    /** Correct answers per day of the current Monday-first week in `timeZone`. */
    weeklyProgress: dayCounts,
    /** Questions per day of the same week, for the chart's tooltips. */
    weeklyQuestions: dayCounts.optional(),
    /** Points per day of the same week: the profile's weekly points charts (spec, Profile). */
    weeklyPoints: dayCounts.optional(),
    totalGames: z.number().int().nonnegative().optional(),
    /** "Mistakes I make most": explained wrong answers per kind, most frequent first. */
    topMistakes: z.array(mistakeCountSchema).optional(),
    gameTypeStats: z.object({
      toplama: gameTypeStatSchema,
      çıkarma: gameTypeStatSchema,
      çarpma: gameTypeStatSchema,
      bölme: gameTypeStatSchema,
      kesirler: gameTypeStatSchema,
    }),
  })
  .meta({ id: 'StatisticsResponse' });
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;

// ---------------------------------------------------------------- events

const eventBase = <T extends string>(type: T) =>
  z.object({ id: z.uuid(), type: z.literal(type), createdAt: isoDateTime });

export const EVENT_TYPES = {
  gameResultRecorded: 'game-result.recorded.v1',
  userRegistered: 'user.registered.v1',
  userPasswordResetRequested: 'user.password-reset-requested.v1',
  userEmailChanged: 'user.email-changed.v1',
  userEmailAlreadyRegistered: 'user.email-already-registered.v1',
  userEmailChangeRequested: 'user.email-change-requested.v1',
  userPasswordChanged: 'user.password-changed.v1',
  userDeleted: 'user.deleted.v1',
} as const;

export const gameResultRecordedEventSchema = eventBase(EVENT_TYPES.gameResultRecorded)
  .extend({
    resultId: z.number().int().positive(),
    userId: z.number().int().positive(),
    gameType: gameTypeSchema,
    difficulty: difficultySchema,
    questionsCount: z.number().int().positive(),
    correctAnswers: z.number().int().nonnegative(),
    totalTime: z.number().int().nonnegative(),
    /** When the game was played, by the device's clock: for display and day buckets only. */
    playedAt: isoDateTime,
    /**
     * When game-results accepted the result, by the server's clock: what lateness and "finished at" are judged by
     * (optional: older events have none; read them with `eventReceivedAt`).
     */
    receivedAt: isoDateTime.optional(),
    /** The points game-results awarded (optional: older events have none; read them with `eventPoints`). */
    points: z.number().int().nonnegative().optional(),
    /** One entry per wrong answer the server could explain (optional: older events have none). */
    mistakes: z.array(mistakeKindSchema).max(20).optional(),
    /** Each answered basic fact with its response time, for fact fluency (optional: older events have none). */
    facts: z.array(factAttemptSchema).max(20).optional(),
  })
  .meta({ id: 'GameResultRecordedEvent' });
export type GameResultRecordedEvent = z.infer<typeof gameResultRecordedEventSchema>;

/** An account was deleted (a teacher removed a pupil, or a user their own account): every service erases its rows. */
export const userDeletedEventSchema = eventBase(EVENT_TYPES.userDeleted)
  .extend({ userId: z.number().int().positive() })
  .meta({ id: 'UserDeletedEvent' });
export type UserDeletedEvent = z.infer<typeof userDeletedEventSchema>;

const userEventFields = {
  userId: z.number().int().positive(),
  email: z.string(),
  username: z.string(),
  lang: langSchema,
};

/**
 * Token fields of mail jobs are sealed (AES-256-GCM with MAIL_TOKEN_KEY, which only auth and the mail worker
 * hold): the outbox row and the BullMQ job never hold a usable token; the database holds only its hash.
 */
export const userRegisteredEventSchema = eventBase(EVENT_TYPES.userRegistered)
  .extend({ ...userEventFields, verificationToken: z.string().min(1), expiresAt: isoDateTime })
  .meta({ id: 'UserRegisteredEvent' });
export type UserRegisteredEvent = z.infer<typeof userRegisteredEventSchema>;

export const userPasswordResetRequestedEventSchema = eventBase(EVENT_TYPES.userPasswordResetRequested)
  .extend({ ...userEventFields, resetToken: z.string().min(1), expiresAt: isoDateTime })
  .meta({ id: 'UserPasswordResetRequestedEvent' });
export type UserPasswordResetRequestedEvent = z.infer<typeof userPasswordResetRequestedEventSchema>;

/** `email` is the requested new address: it gets the confirmation link; nothing changes until it is opened. */
export const userEmailChangeRequestedEventSchema = eventBase(EVENT_TYPES.userEmailChangeRequested)
  .extend({ ...userEventFields, changeToken: z.string().min(1), expiresAt: isoDateTime })
  .meta({ id: 'UserEmailChangeRequestedEvent' });
export type UserEmailChangeRequestedEvent = z.infer<typeof userEmailChangeRequestedEventSchema>;

/** The change took effect: `previousEmail` gets a notice with a link that puts it back (`revertToken`). */
export const userEmailChangedEventSchema = eventBase(EVENT_TYPES.userEmailChanged)
  .extend({
    ...userEventFields,
    previousEmail: z.string(),
    revertToken: z.string().min(1),
    expiresAt: isoDateTime,
  })
  .meta({ id: 'UserEmailChangedEvent' });
export type UserEmailChangedEvent = z.infer<typeof userEmailChangedEventSchema>;

/** Someone registered with an address that already has an account: tell its owner, not the visitor. */
export const userEmailAlreadyRegisteredEventSchema = eventBase(EVENT_TYPES.userEmailAlreadyRegistered)
  .extend(userEventFields)
  .meta({ id: 'UserEmailAlreadyRegisteredEvent' });
export type UserEmailAlreadyRegisteredEvent = z.infer<typeof userEmailAlreadyRegisteredEventSchema>;

/** The password was changed or reset: the owner hears about it (a stranger's reset does not go unnoticed). */
export const userPasswordChangedEventSchema = eventBase(EVENT_TYPES.userPasswordChanged)
  .extend(userEventFields)
  .meta({ id: 'UserPasswordChangedEvent' });
export type UserPasswordChangedEvent = z.infer<typeof userPasswordChangedEventSchema>;

/** BullMQ `mail` queue: job name → payload schema (conventions.md "Events"). */
export const MAIL_QUEUE = 'mail';
export const MAIL_JOB_SCHEMAS = {
  'verify-email': userRegisteredEventSchema,
  'reset-password': userPasswordResetRequestedEventSchema,
  'email-already-registered': userEmailAlreadyRegisteredEventSchema,
  'email-changed': userEmailChangedEventSchema,
  'confirm-email-change': userEmailChangeRequestedEventSchema,
  'password-changed': userPasswordChangedEventSchema,
} as const;

/** The fields of mail jobs that carry a sealed token (the mail worker opens them, then wipes them). */
export const MAIL_TOKEN_FIELDS = ['verificationToken', 'resetToken', 'changeToken', 'revertToken'] as const;
export type MailJobName = keyof typeof MAIL_JOB_SCHEMAS;
/** A mail job's payload, by the job's name. */
export type MailJobPayload<Name extends MailJobName = MailJobName> = z.infer<(typeof MAIL_JOB_SCHEMAS)[Name]>;
/** A mail job as auth queues it: one member per job name, with that job's payload. */
export type MailJob = { [Name in MailJobName]: { name: Name; payload: MailJobPayload<Name> } }[MailJobName];
