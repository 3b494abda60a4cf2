import { assignmentIdSchema, classIdSchema, pupilIdSchema } from '@mathgames/contracts';
import { pathIdOr404 } from '@mathgames/platform';
import type { Request } from 'express';

// A malformed id names nothing: the same 404 as a missing or foreign one.
export const classIdOf = (req: Request) => pathIdOr404(req, 'classId', classIdSchema, 'class_not_found');
export const pupilIdOf = (req: Request) => pathIdOr404(req, 'pupilId', pupilIdSchema, 'pupil_not_found');
export const assignmentIdOf = (req: Request) =>
  pathIdOr404(req, 'assignmentId', assignmentIdSchema, 'assignment_not_found');
