/** Classes: a teacher's classes and their join codes (the classes service and the teacher screens). */

import { z } from 'zod';
import { holdsIdNumber } from './identity-number.js';
import type { MessageKey } from './message-catalogue.js';
import {
  difficultyInputSchema,
  difficultySchema,
  gameTypeInputSchema,
  gameTypeSchema,
  mistakeKindSchema,
} from './schemas/index.js';
import { QUESTION_COUNTS } from './values.js';

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
 * How many pictures a new password has: three different of twelve in order, 12 × 11 × 10 = 1,320 passwords (issue
 * 23: two of nine, 72, fell for a whole class in a lesson). Cards printed before have two (of the first nine) and
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

export const PUPIL_NAME_MAX = 40;
/** One paste, and one class: a primary-school class is well under this. */
export const MAX_PUPILS_PER_CLASS = 40;

export const pupilNameSchema = z
  .string({ error: k('pupil_name_required') })
  .trim()
  .min(1, k('pupil_name_required'))
  .max(PUPIL_NAME_MAX, k('pupil_name_too_long'))
  // A pasted or imported class list may carry identity numbers (T.C. kimlik no): never stored (issue 27).
  .refine((name) => !holdsIdNumber(name), k('pupil_name_has_id_number'));

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
    pictures: z.array(z.enum(PUPIL_PICTURES)).min(2).max(PICTURE_PASSWORD_LENGTH).optional(),
    /** The pupil's card has two pictures (printed before three): the teacher should print a new one. */
    oldCard: z.boolean().optional(),
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

// ---------------------------------------------------------------- assignments

/** How far ahead a due date may be: a school term. */
export const ASSIGNMENT_MAX_DUE_DAYS = 120;
/** Assignments a class keeps (open and closed): plenty for a year, bounded against a runaway script. */
export const MAX_ASSIGNMENTS_PER_CLASS = 200;

/** A due date the teacher may set: after now, at most ASSIGNMENT_MAX_DUE_DAYS ahead. */
export function dueAtProblem(dueAt: Date, now: Date): boolean {
  const ahead = dueAt.getTime() - now.getTime();
  return Number.isNaN(ahead) || ahead <= 0 || ahead > ASSIGNMENT_MAX_DUE_DAYS * 86_400_000;
}

/** The end of a calendar day (YYYY-MM-DD) in the browser's time zone: what a date field's due date means. */
export function endOfLocalDay(day: string): Date {
  return new Date(`${day}T23:59:59`);
}

export const createAssignmentRequestSchema = z
  .object(
    {
      gameType: gameTypeInputSchema,
      difficulty: difficultyInputSchema,
      questionsCount: z.literal(QUESTION_COUNTS, { error: k('invalid_question_count') }),
      dueAt: z.iso
        .datetime({ offset: true, error: k('assignment_due_invalid') })
        .refine((s) => !dueAtProblem(new Date(s), new Date()), k('assignment_due_invalid')),
      /** Absent: the whole class (pupils who join later too). Present: these pupils of the class. */
      pupilIds: z
        .array(
          z
            .number({ error: k('assignment_pupils_required') })
            .int(k('assignment_pupils_required'))
            .positive(k('assignment_pupils_required'))
            .max(2_147_483_647, k('assignment_pupils_required')),
          { error: k('assignment_pupils_required') },
        )
        .min(1, k('assignment_pupils_required'))
        .max(MAX_PUPILS_PER_CLASS, k('assignment_pupils_required'))
        .optional(),
    },
    { error: k('validation_error') },
  )
  .meta({ id: 'CreateAssignmentRequest' });
export type CreateAssignmentRequest = z.infer<typeof createAssignmentRequestSchema>;
export type CreateAssignmentRequestInput = z.input<typeof createAssignmentRequestSchema>;

export const assignmentIdSchema = z.coerce
  .number({ error: k('assignment_not_found') })
  .int(k('assignment_not_found'))
  .positive(k('assignment_not_found'))
  .max(2_147_483_647, k('assignment_not_found'));

const assignmentFields = {
  id: z.number().int().positive(),
  gameType: gameTypeSchema,
  difficulty: difficultySchema,
  questionsCount: z.number().int().positive(),
  dueAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
};

/** A pupil's result on an assignment; null fields until they finish it. */
export const assignmentPupilResultSchema = z.object({
  pupilId: z.number().int().positive(),
  name: z.string(),
  finished: z.boolean(),
  correctAnswers: z.number().int().nonnegative().nullable(),
  points: z.number().int().nonnegative().nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Finished after the due date; null until finished. */
  late: z.boolean().nullable(),
});

export const classAssignmentSchema = z
  .object({
    ...assignmentFields,
    wholeClass: z.boolean(),
    closed: z.boolean(),
    /** Every pupil it is for, in roster order, finished or not. */
    pupils: z.array(assignmentPupilResultSchema),
  })
  .meta({ id: 'ClassAssignment' });
export type ClassAssignment = z.infer<typeof classAssignmentSchema>;

export const classAssignmentListSchema = z
  .object({ items: z.array(classAssignmentSchema) })
  .meta({ id: 'ClassAssignmentList' });
export type ClassAssignmentList = z.infer<typeof classAssignmentListSchema>;

export const classAssignmentResponseSchema = z
  .object({ message: z.string(), assignment: classAssignmentSchema })
  .meta({ id: 'ClassAssignmentResponse' });
export type ClassAssignmentResponse = z.infer<typeof classAssignmentResponseSchema>;

/** What a pupil sees on their home screen: an open assignment of theirs, done or not. */
export const pupilAssignmentSchema = z
  .object({
    ...assignmentFields,
    done: z.boolean(),
    correctAnswers: z.number().int().nonnegative().nullable(),
  })
  .meta({ id: 'PupilAssignment' });
export type PupilAssignment = z.infer<typeof pupilAssignmentSchema>;

export const pupilAssignmentListSchema = z
  .object({ items: z.array(pupilAssignmentSchema) })
  .meta({ id: 'PupilAssignmentList' });
export type PupilAssignmentList = z.infer<typeof pupilAssignmentListSchema>;

// ---------------------------------------------------------------- pupil sign-in

/**
 * Wrong pictures: every 5th wrong try in a row pauses the pupil, 5 minutes and doubling each time up to an hour
 * (counted only for a ticket of the pupil's own class). A class's wrong tries are budgeted per place (the client's
 * address bucket): a place where one of its pupils signed in (the school) gets a class's worth, any other place a
 * few, so one outside address cannot pause the school. The arithmetic is in docs/operations.md.
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

/**
 * How a pupil is doing in a topic, as a band the grid shows as a label and a shape besides its colour (so it reads
 * without colour): at least 80 % right is secure, at least 50 % is developing, below that needs support.
 */
export const ACCURACY_BANDS = ['secure', 'developing', 'needs-support'] as const;
export type AccuracyBand = (typeof ACCURACY_BANDS)[number];

export function accuracyBand(percent: number): AccuracyBand {
  if (percent >= 80) return 'secure';
  if (percent >= 50) return 'developing';
  return 'needs-support';
}

/** Most-missed topics and mistakes the dashboard lists for a class (the top of each ranking). */
export const CLASS_DASHBOARD_TOP = 5;

const topicAccuracySchema = z.object({
  gameType: gameTypeSchema,
  questions: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  /** Percent right; null before the first answer in the topic. */
  accuracy: z.number().int().min(0).max(100).nullable(),
});
export type TopicAccuracy = z.infer<typeof topicAccuracySchema>;

const classMistakeSchema = z.object({
  kind: mistakeKindSchema,
  /** How often the class made this slip, and how many of its pupils did. */
  count: z.number().int().positive(),
  pupils: z.number().int().positive(),
});

/** The class grid (every pupil × every topic) and what the class gets wrong most. */
export const classDashboardSchema = z
  .object({
    pupils: z.array(
      z.object({
        pupilId: z.number().int().positive(),
        name: z.string(),
        /** One entry per game type, in GAME_TYPES order. */
        topics: z.array(topicAccuracySchema),
      }),
    ),
    /** Topics with wrong answers, most wrong answers first (at most CLASS_DASHBOARD_TOP). */
    mostMissedTopics: z.array(
      z.object({
        gameType: gameTypeSchema,
        wrong: z.number().int().positive(),
        questions: z.number().int().positive(),
        accuracy: z.number().int().min(0).max(100),
      }),
    ),
    /** Mistake kinds, most frequent first (at most CLASS_DASHBOARD_TOP). */
    mostFrequentMistakes: z.array(classMistakeSchema),
  })
  .meta({ id: 'ClassDashboard' });
export type ClassDashboard = z.infer<typeof classDashboardSchema>;

/** One pupil of the teacher's class: totals, per-topic accuracy, mistakes and the recent games. */
export const pupilProgressDetailSchema = z
  .object({
    pupilId: z.number().int().positive(),
    name: z.string(),
    questions: z.number().int().nonnegative(),
    correct: z.number().int().nonnegative(),
    accuracy: z.number().int().min(0).max(100).nullable(),
    points: z.number().int().nonnegative(),
    level: z.number().int().positive(),
    lastPlayedAt: z.iso.datetime({ offset: true }).nullable(),
    topics: z.array(topicAccuracySchema),
    mistakes: z.array(z.object({ kind: mistakeKindSchema, count: z.number().int().positive() })),
    /** The newest games first (the read model keeps a bounded number of them). */
    history: z.array(
      z.object({
        resultId: z.number().int().positive(),
        gameType: gameTypeSchema,
        difficulty: difficultySchema,
        questionsCount: z.number().int().positive(),
        correctAnswers: z.number().int().nonnegative(),
        points: z.number().int().nonnegative(),
        mistakes: z.number().int().nonnegative(),
        playedAt: z.iso.datetime({ offset: true }),
      }),
    ),
  })
  .meta({ id: 'PupilProgressDetail' });
export type PupilProgressDetail = z.infer<typeof pupilProgressDetailSchema>;
