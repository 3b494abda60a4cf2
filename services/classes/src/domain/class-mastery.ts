import { byOutcomeOrder, type ClassMastery, type OutcomeMastery } from '@mathgames/contracts';
import { outcomeMasteryOfRow } from '../data-access/outcome-mastery-keeper.js';
import { readClassMastery } from '../data-access/pupil-mastery-repository.js';
import type { ClassesContext } from './deps.js';
import { classNotFound } from './not-found.js';

/**
 * The class × outcome grid for the class's teacher: every pupil (dashboard order) with their started outcomes in the
 * outcome map's order, and per outcome whose 30-day check some pupil took, how many took it and how many passed.
 * Another teacher's class, or a missing one, is a 404.
 */
export async function classMastery(
  ctx: Pick<ClassesContext, 'db'>,
  teacherId: number,
  classId: number,
): Promise<ClassMastery> {
  const rows = await readClassMastery(ctx.db, teacherId, classId);
  if (rows.length === 0) throw classNotFound();
  const pupils = new Map<number, { name: string; outcomes: OutcomeMastery[] }>();
  for (const row of rows) {
    if (row.pupilId === null || row.name === null) continue;
    const pupil = pupils.get(row.pupilId) ?? { name: row.name, outcomes: [] };
    pupils.set(row.pupilId, pupil);
    if (row.outcome !== null) pupil.outcomes.push(outcomeMasteryOfRow(row));
  }
  const retention = new Map<string, { outcome: string; checked: number; retained: number }>();
  for (const { outcomes } of pupils.values()) {
    outcomes.sort(byOutcomeOrder);
    for (const o of outcomes) {
      if (o.retained === null) continue;
      const r = retention.get(o.outcome) ?? { outcome: o.outcome, checked: 0, retained: 0 };
      r.checked += 1;
      if (o.retained) r.retained += 1;
      retention.set(o.outcome, r);
    }
  }
  return {
    pupils: [...pupils].map(([pupilId, p]) => ({ pupilId, name: p.name, outcomes: p.outcomes })),
    retention: [...retention.values()].sort(byOutcomeOrder),
  };
}
