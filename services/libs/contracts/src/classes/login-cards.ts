/** Login cards: the printed card with a pupil's pictures and QR code. */
import { z } from 'zod';
import { k } from '../schemas/shared.js';
import { picturePasswordSchema } from './pictures.js';
import { MAX_PUPILS_PER_CLASS } from './pupils.js';
import { PUPIL_LINK_SECRET_PATTERN } from './sign-in-link.js';

/**
 * Printing login cards gives the chosen pupils (all, when none are named) new pictures and a new QR secret: both
 * are stored only as hashes, so the printed card is their one readable copy and the old card stops working.
 */
export const loginCardsRequestSchema = z
  .object(
    {
      pupilIds: z
        .array(
          z
            .number({ error: k('validation_error') })
            .int()
            .positive()
            .max(2_147_483_647),
          {
            error: k('validation_error'),
          },
        )
        .max(MAX_PUPILS_PER_CLASS, k('validation_error'))
        .optional(),
    },
    { error: k('validation_error') },
  )
  .meta({ id: 'LoginCardsRequest' });
export type LoginCardsRequest = z.infer<typeof loginCardsRequestSchema>;

export const loginCardSchema = z.object({
  pupilId: z.number().int().positive(),
  name: z.string(),
  pictures: picturePasswordSchema,
  secret: z.string().regex(PUPIL_LINK_SECRET_PATTERN),
});
export type LoginCard = z.infer<typeof loginCardSchema>;

export const loginCardsResponseSchema = z
  .object({
    message: z.string(),
    className: z.string(),
    joinCode: z.string(),
    items: z.array(loginCardSchema),
  })
  .meta({ id: 'LoginCardsResponse' });
export type LoginCardsResponse = z.infer<typeof loginCardsResponseSchema>;

/** Auth's internal answer: each pupil's new pictures and QR secret. */
export const pupilCardsSchema = z.object({
  items: z.array(
    z.object({
      userId: z.number().int().positive(),
      pictures: picturePasswordSchema,
      secret: z.string().regex(PUPIL_LINK_SECRET_PATTERN),
    }),
  ),
});
export type PupilCards = z.infer<typeof pupilCardsSchema>;
