import { AppError } from '@mathgames/platform';

/** Another teacher's class, or a pupil not on that teacher's roster, is answered like a missing one. */
export const classNotFound = () => new AppError(404, 'not_found', 'class_not_found');
export const pupilNotFound = () => new AppError(404, 'not_found', 'pupil_not_found');
