import { configLoader, DEV_PICTURE_KEY, mailTokenConfigShape } from '@mathgames/platform';
import { z } from 'zod';

export const authConfigShape = {
  ...mailTokenConfigShape,
  /**
   * Keys the picture-password hashes (docs/decisions/0055-keyed-picture-hash.md): only auth holds it, outside the
   * database, so a leaked database alone reveals no pupil's pictures. Production refuses the development value.
   */
  PICTURE_KEY: z.string().default(DEV_PICTURE_KEY),
};
export const loadAuthConfig = configLoader('auth', authConfigShape);
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
