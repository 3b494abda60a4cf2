/** Assignments: a game a teacher sets for the class (or some pupils) with a due date. */
import { z } from 'zod';
import {
  difficultyInputSchema,
  difficultySchema,
  gameTypeInputSchema,
  gameTypeSchema,
  questionsCountSchema,
} from '../schemas/fields.js';
import { k } from '../schemas/shared.js';
import { MAX_PUPILS_PER_CLASS } from './pupils.js';

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
      questionsCount: questionsCountSchema,
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
