import { type ClassPupil, newNames } from '@mathgames/contracts';
import type { Identity } from '@mathgames/platform';
import { addClassPupils, listClassPupils } from './class-pupils.js';
import type { ClassesDeps } from './deps.js';

/**
 * Imports a class list (docs/product-rules.md#class-list-import): only the names not yet in the class (case, Turkish letters and spacing do not
 * matter) and each once, so importing the same e-Okul list again adds nobody. The names were already checked by
 * the schema (no identity number).
 */
export async function importClassList(
  ctx: ClassesDeps,
  teacher: Identity & { userId: number },
  classId: number,
  names: string[],
): Promise<{ added: ClassPupil[]; alreadyThere: number }> {
  const present = await listClassPupils(ctx, teacher.userId, classId);
  const fresh = newNames(
    names,
    present.map((p) => p.name),
  );
  const added = fresh.length === 0 ? [] : await addClassPupils(ctx, teacher, classId, fresh);
  return { added, alreadyThere: names.length - fresh.length };
}
