import type { Pool } from '@mathgames/platform';
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
