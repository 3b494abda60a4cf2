/** Events between services (the outbox and RabbitMQ) and the mail queue's jobs. */
import { z } from 'zod';
import { factAttemptSchema } from '../learning/fact-fluency.js';
import { skillTallySchema } from '../learning/mastery.js';
import { SKILL_IDS } from '../outcomes/map.js';
import { difficultySchema, gameTypeSchema, langSchema } from './fields.js';
import { mistakeKindSchema } from './game-results.js';
import { isoDateTime } from './shared.js';

const eventBase = <T extends string>(type: T) =>
  z.object({ id: z.uuid(), type: z.literal(type), createdAt: isoDateTime });

export const EVENT_TYPES = {
  gameResultRecorded: 'game-result.recorded.v2',
  userRegistered: 'user.registered.v1',
  userPasswordResetRequested: 'user.password-reset-requested.v1',
  userEmailChanged: 'user.email-changed.v1',
  userEmailAlreadyRegistered: 'user.email-already-registered.v1',
  userEmailChangeRequested: 'user.email-change-requested.v1',
  userPasswordChanged: 'user.password-changed.v1',
  userDeleted: 'user.deleted.v1',
} as const;

/** What every version of `game-result.recorded` carries. */
const gameResultRecordedFields = {
  resultId: z.number().int().positive(),
  userId: z.number().int().positive(),
  gameType: gameTypeSchema,
  difficulty: difficultySchema,
  questionsCount: z.number().int().positive(),
  correctAnswers: z.number().int().nonnegative(),
  totalTime: z.number().int().nonnegative(),
  /** When the game was played, by the device's clock: for display and day buckets only. */
  playedAt: isoDateTime,
};

/**
 * A game result game-results accepted (version 2: what game-results publishes). Every field is required: a consumer
 * reads the event as it is and never recomputes what game-results decided (the points above all).
 */
export const gameResultRecordedEventSchema = eventBase(EVENT_TYPES.gameResultRecorded)
  .extend({
    ...gameResultRecordedFields,
    /** When game-results accepted the result, by the server's clock: what lateness and "finished at" are judged by. */
    receivedAt: isoDateTime,
    /** The points game-results awarded. */
    points: z.number().int().nonnegative(),
    /** One entry per wrong answer the server could explain. */
    mistakes: z.array(mistakeKindSchema).max(20),
    /** Each answered basic fact with its response time, for fact fluency. */
    facts: z.array(factAttemptSchema).max(20),
    /** How many questions of each skill the game asked and how many were right, for mastery per outcome. */
    skills: z.array(skillTallySchema).max(SKILL_IDS.length),
  })
  .meta({ id: 'GameResultRecordedEvent' });
export type GameResultRecordedEvent = z.infer<typeof gameResultRecordedEventSchema>;

/** Event types no service publishes any more, still read from queues, dead-letter queues and outboxes (upcast). */
export const RETIRED_EVENT_TYPES = {
  gameResultRecordedV1: 'game-result.recorded.v1',
} as const;

/**
 * Version 1 of `game-result.recorded`, as releases before version 2 published it: the five later fields were added
 * one by one as optional, so an event may carry any of them. Only `upcastGameResultRecordedV1` reads it.
 */
export const gameResultRecordedEventV1Schema = eventBase(RETIRED_EVENT_TYPES.gameResultRecordedV1).extend({
  ...gameResultRecordedFields,
  receivedAt: isoDateTime.optional(),
  points: z.number().int().nonnegative().optional(),
  mistakes: z.array(mistakeKindSchema).max(20).optional(),
  facts: z.array(factAttemptSchema).max(20).optional(),
  skills: z.array(skillTallySchema).max(SKILL_IDS.length).optional(),
});
export type GameResultRecordedEventV1 = z.infer<typeof gameResultRecordedEventV1Schema>;

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
