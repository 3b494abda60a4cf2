import { type FactsResponse, factState, parseFluencyThreshold } from '@mathgames/contracts';
import { AppError } from '@mathgames/platform';
import { readPupilFactTries } from '../data-access/pupil-facts-repository.js';
import type { ClassesContext } from './deps.js';

/** A pupil's fact matrix for the teacher of their class, at the threshold the teacher chose (3 s or 6 s). */
export async function pupilFacts(
  ctx: Pick<ClassesContext, 'db'>,
  teacherId: number,
  classId: number,
  pupilId: number,
  thresholdParam: unknown,
): Promise<FactsResponse> {
  const threshold = parseFluencyThreshold(thresholdParam);
  if (threshold === null) throw new AppError(400, 'validation_error', 'validation_error', 'threshold');
  const rows = await readPupilFactTries(ctx.db, teacherId, classId, pupilId);
  if (rows === null) throw new AppError(404, 'not_found', 'pupil_not_found');
  return {
    threshold,
    facts: rows
      .map((r) => ({ fact: r.fact, state: factState(r.tries, threshold), tries: r.count }))
      .sort((a, b) => a.fact.localeCompare(b.fact)),
  };
}
