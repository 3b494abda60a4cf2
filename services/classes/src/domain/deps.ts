import type { Identity, Pool, SchoolScopedDb } from '@mathgames/platform';
import type { PupilAccountsClient } from './pupil-accounts.js';
import type { TeacherDirectory } from './teacher-directory.js';

/** The dependency bag: what every use case needs, built once by createClassesService. */
export interface ClassesDeps {
  /** Unscoped: it reads no pupil's or class's row (docs/decisions/0060-school-scope-row-level-security.md). */
  pool: Pool;
  teachers: TeacherDirectory;
  accounts: PupilAccountsClient;
  internalSecret: string;
  timeZone: string;
}

/**
 * What the class and pupil use cases of one request get: the database with the request's school set (every
 * statement runs with it), and `rescope` for the set again after the request itself changed it (a teacher's first
 * class gives them a school).
 */
export interface ClassesContext extends Pick<ClassesDeps, 'teachers' | 'accounts' | 'timeZone'> {
  db: SchoolScopedDb;
  rescope(): Promise<SchoolScopedDb>;
}

/** The caller of a teacher's use case: a logged-in user. */
export type Teacher = Identity & { userId: number };
