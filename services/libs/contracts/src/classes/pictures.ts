/** Picture passwords: how a pupil without an e-mail address signs in. */
import { z } from 'zod';
import { k } from '../schemas/shared.js';

/** The twelve pictures of a picture password, in the order of the sign-in grid; names are read to screen readers. */
export const PUPIL_PICTURES = [
  'sun',
  'star',
  'moon',
  'heart',
  'apple',
  'tree',
  'fish',
  'car',
  'flower',
  'cat',
  'ball',
  'house',
] as const;
export type PupilPicture = (typeof PUPIL_PICTURES)[number];

export const PUPIL_PICTURE_NAMES: Record<'tr' | 'en', Record<PupilPicture, string>> = {
  tr: {
    sun: 'Güneş',
    star: 'Yıldız',
    moon: 'Ay',
    heart: 'Kalp',
    apple: 'Elma',
    tree: 'Ağaç',
    fish: 'Balık',
    car: 'Araba',
    flower: 'Çiçek',
    cat: 'Kedi',
    ball: 'Top',
    house: 'Ev',
  },
  en: {
    sun: 'Sun',
    star: 'Star',
    moon: 'Moon',
    heart: 'Heart',
    apple: 'Apple',
    tree: 'Tree',
    fish: 'Fish',
    car: 'Car',
    flower: 'Flower',
    cat: 'Cat',
    ball: 'Ball',
    house: 'House',
  },
};

/**
 * How many pictures a new password has: three different of twelve in order, 12 × 11 × 10 = 1,320 passwords (two of
 * nine, 72, fell for a whole class in a lesson; docs/decisions/0029-pupil-sign-in-limits.md). Cards printed before have two (of the first nine) and
 * keep working until reprinted; the roster says how many pictures each pupil taps.
 */
export const PICTURE_PASSWORD_LENGTH = 3;

/** Two (an older card) or three different pictures in order. */
export const picturePasswordSchema = z
  .array(z.enum(PUPIL_PICTURES), { error: k('validation_error') })
  .min(2, k('validation_error'))
  .max(PICTURE_PASSWORD_LENGTH, k('validation_error'))
  .refine((picks) => new Set(picks).size === picks.length, k('validation_error'));
export type PicturePassword = z.infer<typeof picturePasswordSchema>;

/** A picture password from random bytes (the server draws them; the teacher never picks a child's secret). */
export function picturePasswordFromBytes(bytes: Uint8Array): PicturePassword | null {
  const picks: PupilPicture[] = [];
  const limit = 256 - (256 % PUPIL_PICTURES.length);
  for (const byte of bytes) {
    if (byte >= limit) continue;
    const picture = PUPIL_PICTURES[byte % PUPIL_PICTURES.length]!;
    if (picks.includes(picture)) continue;
    picks.push(picture);
    if (picks.length === PICTURE_PASSWORD_LENGTH) return picks;
  }
  return null;
}
