/** The profile form and the profile photo. */
import { z } from 'zod';
import type { MessageKey } from '../message-catalogue.js';
import { currentUserSchema } from './auth.js';
import { emailSchema } from './fields.js';
import { input, k } from './shared.js';

export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 50;
export const ABOUT_MAX = 500;

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
