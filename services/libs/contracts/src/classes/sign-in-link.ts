/** A pupil's personal sign-in link, the QR code on the login card. */
import { z } from 'zod';
import { k } from '../schemas/shared.js';

/**
 * A pupil's personal sign-in secret: "<pupil id>.<32 random base64url characters>". The id lets auth count wrong
 * guesses per pupil (never per school address); the random part (192 bits) is what cannot be guessed.
 */
export const PUPIL_LINK_SECRET_PATTERN = /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{32}$/;

export const pupilLinkLoginRequestSchema = z
  .object(
    {
      secret: z
        .string({ error: k('pupil_link_invalid') })
        .max(60, k('pupil_link_invalid'))
        .regex(PUPIL_LINK_SECRET_PATTERN, k('pupil_link_invalid')),
    },
    { error: k('validation_error') },
  )
  .meta({ id: 'PupilLinkLoginRequest' });
export type PupilLinkLoginRequest = z.infer<typeof pupilLinkLoginRequestSchema>;

/** Auth's internal answer, and the teacher's: the new secret, shown once (auth keeps only its hash). */
export const pupilSignInLinkSchema = z.object({ secret: z.string().regex(PUPIL_LINK_SECRET_PATTERN) });
export const pupilSignInLinkResponseSchema = z
  .object({ message: z.string(), secret: z.string().regex(PUPIL_LINK_SECRET_PATTERN) })
  .meta({ id: 'PupilSignInLinkResponse' });
export type PupilSignInLinkResponse = z.infer<typeof pupilSignInLinkResponseSchema>;

/** The page a QR code opens; the secret rides in the fragment, which browsers never send to a server or log. */
export const pupilSignInLinkPath = (secret: string) => `/class/qr#${secret}`;
