import type { SkillTally } from '@mathgames/contracts';
import { withTransaction } from '@mathgames/platform';
import { createTestEnvironment, lockWaits, type TestEnvironment, waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeMasteryKeeper } from './data-access/outcome-mastery-keeper.js';

const SCHEMA = 'masterytest';
const at = new Date('2026-11-02T09:00:00.000Z');
const addition = (correct: number): SkillTally[] => [{ skill: 'add-within-10', asked: 5, correct }];

describe('outcomeMasteryKeeper (the SQL of the classes read model of mastery per outcome)', () => {
  let environment: TestEnvironment;
  let keeper: ReturnType<typeof outcomeMasteryKeeper>;
  let rostered: ReturnType<typeof outcomeMasteryKeeper>;

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false, amqp: false });
    await environment.pool.query(`
      CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.roster (user_id integer PRIMARY KEY);
      CREATE TABLE ${SCHEMA}.mastery (
        user_id integer NOT NULL, outcome text NOT NULL, level text NOT NULL, games integer NOT NULL,
        mastered_at timestamptz, checks_passed smallint NOT NULL, check_due_at timestamptz, retained boolean,
        needs_help boolean NOT NULL, updated_at timestamptz NOT NULL, PRIMARY KEY (user_id, outcome)
      );`);
    keeper = outcomeMasteryKeeper({ statement: 'mastery-test', table: `${SCHEMA}.mastery` });
    rostered = outcomeMasteryKeeper({
      statement: 'mastery-test-rostered',
      table: `${SCHEMA}.mastery`,
      onlyIf: `EXISTS (SELECT 1 FROM ${SCHEMA}.roster WHERE user_id = $1)`,
    });
  });
  afterAll(() => environment?.cleanup());

  it('folds games into the ladder and reads it back in the outcome map’s order, with ISO times', async () => {
    const pool = environment.pool;
    expect(await keeper.apply(pool, 1, [], at)).toEqual([]);
    expect(await keeper.apply(pool, 1, undefined, at)).toEqual([]);
    // A skill with no confirmed outcome moves nothing.
    expect(await keeper.apply(pool, 1, [{ skill: 'fraction-multiply', asked: 5, correct: 5 }], at)).toEqual(
      [],
    );
    for (const correct of [5, 5, 5, 5]) await keeper.apply(pool, 1, addition(correct), at);
    const read = await keeper.read(pool, 1);
    expect(read.map((o) => o.outcome)).toEqual(['MAT.1.2.2', 'MAT.1.2.4']);
    expect(read[0]).toEqual({
      outcome: 'MAT.1.2.2',
      level: 'mastered',
      games: 4,
      masteredAt: at.toISOString(),
      checksPassed: 0,
      checkDueAt: new Date(at.getTime() + 7 * 86_400_000).toISOString(),
      retained: null,
      needsHelp: false,
      updatedAt: at.toISOString(),
    });
    expect(await keeper.read(pool, 2)).toEqual([]);
  });

  it('keeps rows only for a pupil who meets onlyIf', async () => {
    const pool = environment.pool;
    await rostered.apply(pool, 10, addition(5), at);
    expect(await rostered.read(pool, 10)).toEqual([]);
    await pool.query(`INSERT INTO ${SCHEMA}.roster VALUES (11)`);
    await rostered.apply(pool, 11, addition(5), at);
    expect((await rostered.read(pool, 11)).map((o) => [o.outcome, o.level])).toEqual([
      ['MAT.1.2.2', 'practising'],
      ['MAT.1.2.4', 'practising'],
    ]);
  });

  it('never overwrites a row another transaction created meanwhile: the late game fails and applies on a retry', async () => {
    const pool = environment.pool;
    const first = await pool.connect();
    try {
      await first.query('BEGIN');
      await keeper.apply(first, 20, addition(5), at);
      // The second game's lock read cannot see the uncommitted row; its upsert waits for the first to commit.
      const second = withTransaction(pool, (tx) => keeper.apply(tx, 20, addition(5), at)).then(
        () => 'applied',
        (err: Error) => err.message,
      );
      await waitFor(async () => (await lockWaits(pool)) > 0);
      await first.query('COMMIT');
      expect(await second).toMatch(/changed while a game was applied/);
    } finally {
      first.release();
    }
    expect((await keeper.read(pool, 20))[0]).toMatchObject({ games: 1, level: 'practising' });
    await withTransaction(pool, (tx) => keeper.apply(tx, 20, addition(5), at));
    expect((await keeper.read(pool, 20))[0]).toMatchObject({ games: 2, level: 'familiar' });
  });
});
