/** A pupil's sign-in with the class code and pictures, and the limits on wrong tries. */
import { z } from 'zod';
import { k } from '../schemas/shared.js';
import { PICTURE_PASSWORD_LENGTH, picturePasswordSchema } from './pictures.js';

/**
 * Wrong pictures: every 5th wrong try in a row pauses the pupil, 5 minutes and doubling each time up to an hour
 * (counted only for a ticket of the pupil's own class). A class's wrong tries are budgeted per place (the client's
 * address bucket): a place where one of its pupils signed in (the school) gets a class's worth, any other place a
 * few, so one outside address cannot pause the school. The arithmetic is in docs/operations/sign-in-security.md.
 */
export const PUPIL_SIGN_IN_LIMITS = {
  pupilFailures: 5,
  pupilLockSeconds: 5 * 60,
  pupilMaxLockSeconds: 60 * 60,
  insideFailures: 60,
  insideWindowSeconds: 10 * 60,
  insideLockSeconds: 5 * 60,
  outsideFailures: 10,
  outsideWindowSeconds: 60 * 60,
  outsideLockSeconds: 60 * 60,
  /**
   * Wrong picture tries per pupil per day from anywhere: past it the pupil's pictures are refused until the day
   * (24 hours from its first wrong try) ends. The child's own sign-in does not reset it; the teacher's unlock
   * does, and the QR card always works (docs/decisions/0042-picture-password-daily-caps.md).
   */
  pupilDailyFailures: 10,
  /**
   * Wrong picture tries per class per day from places outside the school, all together: past it every outside
   * place is refused the class's pictures until the day ends, the school is not, and the teacher is told.
   */
  classOutsideDailyFailures: 20,
  dayWindowSeconds: 24 * 60 * 60,
} as const;

/**
 * From this moment a two-picture card (72 values, printed before three of twelve) signs nobody in: the teacher
 * sees the date and the pupils still on such cards, and reprints (docs/decisions/0042-picture-password-daily-caps.md).
 */
export const TWO_PICTURE_CARDS_END = '2027-02-01T00:00:00.000Z';

/** Whether two-picture cards still sign in at `now`. */
export const twoPictureCardsValid = (now: Date = new Date()) => now < new Date(TWO_PICTURE_CARDS_END);

/** The teacher's sign-in trouble panel: wrong picture tries per place (never an address), the latest first. */
export const classSignInTroubleSchema = z
  .object({
    places: z.array(
      z.object({
        /** A place a pupil of the class has signed in from (the school's network), or any other. */
        inside: z.boolean(),
        failures: z.number().int().nonnegative(),
        lastFailureAt: z.string(),
        pausedUntil: z.string().nullable(),
      }),
    ),
    /** The class's daily cap of wrong tries from outside the school: reached, outside places wait until `until`. */
    outsideToday: z.object({
      failures: z.number().int().nonnegative(),
      cap: z.number().int().positive(),
      until: z.string().nullable(),
    }),
    /** How many of the class's pupils have reached their daily cap of wrong pictures (the unlock clears it). */
    pupilsCappedToday: z.number().int().nonnegative(),
  })
  .meta({ id: 'ClassSignInTrouble' });
export type ClassSignInTrouble = z.infer<typeof classSignInTroubleSchema>;

export const classJoinSchema = z
  .object({
    classId: z.number().int().positive(),
    className: z.string(),
    /** Shows auth that the code was typed; sent back with the pictures. */
    ticket: z.string(),
    pupils: z.array(
      z.object({
        id: z.number().int().positive(),
        /** Given names and the surname's first letter(s) (signInNames): the code is on the board. */
        name: z.string(),
        // No picture count: nothing before a ticket says which pupils still have two-picture cards (0042).
      }),
    ),
  })
  .meta({ id: 'ClassJoin' });
export type ClassJoin = z.infer<typeof classJoinSchema>;

/** The picture step asks, with its ticket, how many pictures the chosen pupil taps. */
export const pupilCardRequestSchema = z
  .object(
    {
      ticket: z
        .string({ error: k('join_ticket_invalid') })
        .min(1, k('join_ticket_invalid'))
        .max(200, k('join_ticket_invalid')),
      pupilId: z
        .number({ error: k('validation_error') })
        .int()
        .positive()
        .max(2_147_483_647),
    },
    { error: k('validation_error') },
  )
  .meta({ id: 'PupilCardRequest' });
export type PupilCardRequest = z.infer<typeof pupilCardRequestSchema>;

export const pupilCardSchema = z
  .object({
    /** How many pictures this pupil taps: 3, or 2 for a card printed before three (until TWO_PICTURE_CARDS_END). */
    pictureCount: z.number().int().min(2).max(PICTURE_PASSWORD_LENGTH),
  })
  .meta({ id: 'PupilCard' });
export type PupilCard = z.infer<typeof pupilCardSchema>;

export const pupilLoginRequestSchema = z
  .object(
    {
      ticket: z
        .string({ error: k('join_ticket_invalid') })
        .min(1, k('join_ticket_invalid'))
        .max(200, k('join_ticket_invalid')),
      pupilId: z
        .number({ error: k('validation_error') })
        .int()
        .positive()
        .max(2_147_483_647),
      pictures: picturePasswordSchema,
      /**
       * "This is a shared computer", on unless sent as false: a class code means a classroom device the next
       * class uses, so the session ends after 30 idle minutes and when the browser closes.
       */
      sharedDevice: z.boolean({ error: k('invalid_boolean') }).optional(),
    },
    { error: k('validation_error') },
  )
  .meta({ id: 'PupilLoginRequest' });
export type PupilLoginRequest = z.infer<typeof pupilLoginRequestSchema>;
