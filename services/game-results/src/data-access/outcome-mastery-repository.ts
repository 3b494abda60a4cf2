import { outcomeMasteryKeeper } from './outcome-mastery-keeper.js';

/**
 * The pupil's mastery per outcome (results.outcome_mastery): `apply` folds a game's skill tallies into it (caller's
 * transaction), `read` answers the pupil's started outcomes in one query. See outcomeMasteryKeeper.
 */
export const outcomeMastery = outcomeMasteryKeeper({
  statement: 'outcome-mastery',
  table: 'results.outcome_mastery',
});
