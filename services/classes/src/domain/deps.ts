import type { Identity, Pool } from '@mathgames/platform';
import type { PupilAccountsClient } from './pupil-accounts.js';
import type { TeacherDirectory } from './teacher-directory.js';

/** The dependency bag: what every use case needs, built once by createClassesService. */
export interface ClassesDeps {
  pool: Pool;
  teachers: TeacherDirectory;
  accounts: PupilAccountsClient;
  internalSecret: string;
  timeZone: string;
}

/** What the class and pupil use cases need of the service's dependencies. */
export type ClassesContext = Pick<ClassesDeps, 'pool' | 'teachers' | 'accounts'>;

/** The caller of a teacher's use case: a logged-in user. */
export type Teacher = Identity & { userId: number };
