/** A teacher's classes (the classes service and the teacher screens). */
import { z } from 'zod';
import { k } from '../schemas/shared.js';

export const CLASS_NAME_MAX = 60;
export const CLASS_GRADES = [1, 2, 3, 4] as const;
/** A teacher's classes, archived ones included: far above a school year, low enough to stop a runaway script. */
export const MAX_CLASSES_PER_TEACHER = 50;

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
