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
} as const;

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
        /** How many pictures this pupil taps: 3, or 2 for a card printed before three. */
        pictureCount: z.number().int().min(2).max(PICTURE_PASSWORD_LENGTH),
      }),
    ),
  })
  .meta({ id: 'ClassJoin' });
export type ClassJoin = z.infer<typeof classJoinSchema>;

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
