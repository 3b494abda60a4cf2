/** Classes: a teacher's classes and their join codes (the classes service and the teacher screens). */
import { z } from 'zod';
import type { MessageKey } from './messages.js';

const k = (key: MessageKey) => key;

export const CLASS_NAME_MAX = 60;
export const CLASS_GRADES = [1, 2, 3, 4] as const;
/** A teacher's classes, archived ones included: far above a school year, low enough to stop a runaway script. */
export const MAX_CLASSES_PER_TEACHER = 50;

/** Letters and digits a child cannot mistake for each other: no 0/O, no 1/I/L. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

/**
 * A join code from random bytes (crypto.getRandomValues in the browser, randomBytes in Node). Bytes at or above
 * the largest multiple of the alphabet size are skipped, so every character is equally likely.
 */
export function joinCodeFromBytes(bytes: Uint8Array): string | null {
  const limit = 256 - (256 % JOIN_CODE_ALPHABET.length);
  let code = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
    if (code.length === JOIN_CODE_LENGTH) return code;
  }
  return null;
}

/** What a child typed: upper-cased, spaces and dashes dropped. */
export function normaliseJoinCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export const joinCodeSchema = z
  .string({ error: k('validation_error') })
  .transform(normaliseJoinCode)
  .pipe(
    z
      .string()
      .length(JOIN_CODE_LENGTH, k('validation_error'))
      .regex(new RegExp(`^[${JOIN_CODE_ALPHABET}]+$`), k('validation_error')),
  );

export const classNameSchema = z
  .string({ error: k('class_name_required') })
  .trim()
  .min(1, k('class_name_required'))
  .max(CLASS_NAME_MAX, k('class_name_too_long'));

export const classGradeSchema = z.coerce
  .number({ error: k('class_grade_invalid') })
  .int(k('class_grade_invalid'))
  .min(1, k('class_grade_invalid'))
  .max(4, k('class_grade_invalid'));

/** Postgres integer ids: anything else names no class. */
export const classIdSchema = z.coerce
  .number({ error: k('class_not_found') })
  .int(k('class_not_found'))
  .positive(k('class_not_found'))
  .max(2_147_483_647, k('class_not_found'));

export const createClassRequestSchema = z
  .object({ name: classNameSchema, grade: classGradeSchema }, { error: k('validation_error') })
  .meta({ id: 'CreateClassRequest' });
export type CreateClassRequest = z.infer<typeof createClassRequestSchema>;

/** Any subset: rename, change grade, archive/unarchive, open/close joining. */
export const updateClassRequestSchema = z
  .object(
    {
      name: classNameSchema.optional(),
      grade: classGradeSchema.optional(),
      archived: z.boolean({ error: k('validation_error') }).optional(),
      joiningOpen: z.boolean({ error: k('validation_error') }).optional(),
    },
    { error: k('validation_error') },
  )
  .meta({ id: 'UpdateClassRequest' });
export type UpdateClassRequest = z.infer<typeof updateClassRequestSchema>;

export const teacherClassSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    grade: z.number().int().min(1).max(4),
    /** Shown to the class; pupils join with it while `joiningOpen`. */
    joinCode: z.string(),
    joiningOpen: z.boolean(),
    archived: z.boolean(),
    pupilCount: z.number().int().nonnegative(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'TeacherClass' });
export type TeacherClass = z.infer<typeof teacherClassSchema>;

export const teacherClassListSchema = z
  .object({ items: z.array(teacherClassSchema) })
  .meta({ id: 'TeacherClassList' });
export type TeacherClassList = z.infer<typeof teacherClassListSchema>;

export const teacherClassResponseSchema = z
  .object({ message: z.string(), class: teacherClassSchema })
  .meta({ id: 'TeacherClassResponse' });
export type TeacherClassResponse = z.infer<typeof teacherClassResponseSchema>;

// ---------------------------------------------------------------- pupils and picture passwords

/** The nine pictures of a picture password, in the order of the sign-in grid; names are read to screen readers. */
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
  },
};

/** Two different pictures in order: 9 × 8 = 72 passwords, guarded by the per-pupil and per-class lockouts. */
export const picturePasswordSchema = z
  .tuple([z.enum(PUPIL_PICTURES), z.enum(PUPIL_PICTURES)], { error: k('validation_error') })
  .refine(([first, second]) => first !== second, k('validation_error'));
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
    if (picks.length === 2) return [picks[0]!, picks[1]!];
  }
  return null;
}

export const PUPIL_NAME_MAX = 40;
/** One paste, and one class: a primary-school class is well under this. */
export const MAX_PUPILS_PER_CLASS = 40;

export const pupilNameSchema = z
  .string({ error: k('pupil_name_required') })
  .trim()
  .min(1, k('pupil_name_required'))
  .max(PUPIL_NAME_MAX, k('pupil_name_too_long'));

/** Names one per line as pasted from a spreadsheet or a list; blank lines dropped. */
export function namesFromPaste(text: string): string[] {
  return text
    .split(/\r?\n|\t|;/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export const addPupilsRequestSchema = z
  .object(
    {
      names: z
        .array(pupilNameSchema, { error: k('pupil_names_required') })
        .min(1, k('pupil_names_required'))
        .max(MAX_PUPILS_PER_CLASS, k('class_full')),
    },
    { error: k('validation_error') },
  )
  .meta({ id: 'AddPupilsRequest' });
export type AddPupilsRequest = z.infer<typeof addPupilsRequestSchema>;

export const renamePupilRequestSchema = z
  .object({ name: pupilNameSchema }, { error: k('validation_error') })
  .meta({ id: 'RenamePupilRequest' });
export type RenamePupilRequest = z.infer<typeof renamePupilRequestSchema>;

export const pupilIdSchema = classIdSchema;

export const classPupilSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Only in the answer that set them (adding, resetting): stored hashed, never readable again. */
    pictures: z.array(z.enum(PUPIL_PICTURES)).length(2).optional(),
  })
  .meta({ id: 'ClassPupil' });
export type ClassPupil = z.infer<typeof classPupilSchema>;

export const classPupilListSchema = z
  .object({ items: z.array(classPupilSchema) })
  .meta({ id: 'ClassPupilList' });
export type ClassPupilList = z.infer<typeof classPupilListSchema>;

export const classPupilsResponseSchema = z
  .object({ message: z.string(), items: z.array(classPupilSchema) })
  .meta({ id: 'ClassPupilsResponse' });
export type ClassPupilsResponse = z.infer<typeof classPupilsResponseSchema>;

/** Auth's internal answer to the classes service: the accounts it made (or reset) and their new pictures. */
export const pupilAccountsSchema = z.object({
  items: z.array(z.object({ userId: z.number().int().positive(), pictures: picturePasswordSchema })),
});
export type PupilAccounts = z.infer<typeof pupilAccountsSchema>;

// ---------------------------------------------------------------- pupil sign-in

/** Wrong pictures a pupil may tap before a pause, and the pause; the same for a whole class, scaled up. */
export const PUPIL_SIGN_IN_LIMITS = {
  pupilFailures: 5,
  pupilLockSeconds: 5 * 60,
  classFailures: 60,
  classWindowSeconds: 10 * 60,
  classLockSeconds: 5 * 60,
} as const;

export const classJoinSchema = z
  .object({
    classId: z.number().int().positive(),
    className: z.string(),
    /** Shows auth that the code was typed; sent back with the pictures. */
    ticket: z.string(),
    pupils: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
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

// ---------------------------------------------------------------- personal sign-in link (QR)

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

// ---------------------------------------------------------------- login cards

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

// ---------------------------------------------------------------- class dashboard

export const classProgressSchema = z
  .object({
    items: z.array(
      z.object({
        pupilId: z.number().int().positive(),
        name: z.string(),
        questionsThisWeek: z.number().int().nonnegative(),
        /** Percent of this week's answers that were right; null before the first game of the week. */
        accuracyThisWeek: z.number().int().min(0).max(100).nullable(),
        points: z.number().int().nonnegative(),
        level: z.number().int().positive(),
        lastPlayedAt: z.iso.datetime({ offset: true }).nullable(),
      }),
    ),
  })
  .meta({ id: 'ClassProgress' });
export type ClassProgress = z.infer<typeof classProgressSchema>;
