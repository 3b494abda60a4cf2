/** The pupils of a class: adding, renaming, and the accounts auth makes for them. */
import { z } from 'zod';
import { k } from '../schemas/shared.js';
import { holdsIdNumber } from './identity-number.js';
import { PICTURE_PASSWORD_LENGTH, PUPIL_PICTURES, picturePasswordSchema } from './pictures.js';
import { classIdSchema } from './teacher-classes.js';

export const PUPIL_NAME_MAX = 40;
/** One paste, and one class: a primary-school class is well under this. */
export const MAX_PUPILS_PER_CLASS = 40;

export const pupilNameSchema = z
  .string({ error: k('pupil_name_required') })
  .trim()
  .min(1, k('pupil_name_required'))
  .max(PUPIL_NAME_MAX, k('pupil_name_too_long'))
  // A pasted or imported class list may carry identity numbers (T.C. kimlik no): never stored (docs/product-rules.md#class-list-import).
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

/** A class list import: the pupils it added, and how many of the list's names the class already had. */
export const classListImportResponseSchema = classPupilsResponseSchema
  .extend({ alreadyThere: z.number().int().nonnegative() })
  .meta({ id: 'ClassListImportResponse' });
export type ClassListImportResponse = z.infer<typeof classListImportResponseSchema>;

/** Auth's internal answer to the classes service: the accounts it made (or reset) and their new pictures. */
export const pupilAccountsSchema = z.object({
  items: z.array(z.object({ userId: z.number().int().positive(), pictures: picturePasswordSchema })),
});
export type PupilAccounts = z.infer<typeof pupilAccountsSchema>;
