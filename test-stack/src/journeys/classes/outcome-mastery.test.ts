import type { ClassMastery, MasteryResponse, OutcomeMastery } from '@mathgames/contracts';
import { honestResult } from '@mathgames/game-results/testing';
import { waitFor } from '@mathgames/platform/testing';
import { describe, expect, it } from 'vitest';
import { addPupils, createClass, signInPupil } from './classes-api.js';
import { type Browser, useClassesStack } from './classes-stack.js';

const DAY = 24 * 60 * 60 * 1000;
// game-results' clock: when it receives a result. Both workers read mastery's time from the event's receivedAt.
let clock = new Date();
const world = useClassesStack({ everything: true, now: () => clock }, ['Mastery_Teacher', 'Mastery_Nosy']);

const OUTCOME = 'MAT.1.2.2';

/** A very easy addition game of 5 (sums within 10: add-within-10 → MAT.1.2.2 and MAT.1.2.4), the first `right` right. */
const additionGame = (right: number) =>
  honestResult({ gameType: 'toplama', difficulty: 'çok kolay', questionsCount: 5, correct: right });

/**
 * The pupil plays a game and waits until statistics-worker folded it into their map (a child's games are minutes
 * apart, so each is applied before the next): the outcome's state after `games` games.
 */
async function play(pupil: Browser, right: number, games: number): Promise<OutcomeMastery> {
  expect((await pupil.post('/api/game-results', additionGame(right))).status).toBe(201);
  return waitFor(
    async () => {
      const res = await pupil.get<MasteryResponse>('/api/statistics/outcomes');
      const state = res.body.outcomes?.find((o) => o.outcome === OUTCOME);
      return state?.games === games ? state : null;
    },
    { message: `the pupil's map never showed game ${games}` },
  );
}

/** The teacher's grid once classes-worker has applied `games` games of the pupil. */
function gridAfter(classId: number, pupilId: number, games: number): Promise<ClassMastery> {
  return waitFor(
    async () => {
      const res = await world.teacher.get<ClassMastery>(`/api/classes/${classId}/outcomes`);
      const pupil = res.body.pupils?.find((p) => p.pupilId === pupilId);
      return pupil?.outcomes.find((o) => o.outcome === OUTCOME)?.games === games ? res.body : null;
    },
    { message: `the class grid never showed game ${games}` },
  );
}

describe('mastery per outcome, confirmed later (product-rules.md#mastery)', () => {
  it('masters an outcome, passes the 7- and 30-day checks on the server’s clock, shows the class’s retention, and goes with the pupil', async () => {
    clock = new Date();
    const start = clock.getTime();
    const created = await createClass(world.teacher, '1-M', 1);
    const [ada, can] = await addPupils(world.teacher, created.id, ['Ada', 'Can']);
    const path = `/api/classes/${created.id}/outcomes`;
    const empty = await world.teacher.get<ClassMastery>(path);
    expect(empty.body).toEqual({
      pupils: [
        { pupilId: ada!.id, name: 'Ada', outcomes: [] },
        { pupilId: can!.id, name: 'Can', outcomes: [] },
      ],
      retention: [],
    });

    const pupil = await signInPupil(world.stack, created.joinCode, ada!);
    expect(await play(pupil, 5, 1)).toMatchObject({ level: 'practising', masteredAt: null });
    expect(await play(pupil, 5, 2)).toMatchObject({ level: 'familiar' });
    expect(await play(pupil, 5, 3)).toMatchObject({ level: 'proficient' });
    const masteredAt = new Date(start).toISOString();
    expect(await play(pupil, 5, 4)).toMatchObject({
      level: 'mastered',
      masteredAt,
      checksPassed: 0,
      checkDueAt: new Date(start + 7 * DAY).toISOString(),
    });

    clock = new Date(start + 7 * DAY);
    expect(await play(pupil, 5, 5)).toMatchObject({
      level: 'mastered',
      checksPassed: 1,
      checkDueAt: new Date(start + 30 * DAY).toISOString(),
    });
    clock = new Date(start + 30 * DAY);
    const confirmed = await play(pupil, 5, 6);
    expect(confirmed).toMatchObject({
      level: 'mastered',
      masteredAt,
      checksPassed: 2,
      checkDueAt: null,
      retained: true,
    });

    // The teacher's grid keeps the same ladder (classes-worker, same rules, same event time).
    const grid = await gridAfter(created.id, ada!.id, 6);
    expect(grid.pupils.map((p) => p.name)).toEqual(['Ada', 'Can']);
    expect(grid.pupils[0]!.outcomes).toEqual([confirmed, { ...confirmed, outcome: 'MAT.1.2.4' }]);
    expect(grid.pupils[1]!.outcomes).toEqual([]);
    expect(grid.retention).toEqual([
      { outcome: 'MAT.1.2.2', checked: 1, retained: 1 },
      { outcome: 'MAT.1.2.4', checked: 1, retained: 1 },
    ]);

    // Can masters it too, then fails the 7-day check: back to proficient, in review, flagged for help.
    const second = await signInPupil(world.stack, created.joinCode, can!);
    for (const games of [1, 2, 3, 4]) await play(second, 5, games);
    clock = new Date(start + 37 * DAY);
    const failed = await play(second, 2, 5);
    expect(failed).toMatchObject({
      level: 'proficient',
      masteredAt: null,
      checksPassed: 0,
      checkDueAt: null,
      retained: null,
      needsHelp: true,
    });
    const after = await gridAfter(created.id, can!.id, 5);
    expect(after.pupils[1]!.outcomes[0]).toEqual(failed);
    // A failed 7-day check is no 30-day retention: the class's figures stay Ada's.
    expect(after.retention).toEqual(grid.retention);

    // Only the class's teacher: another teacher, the pupil and a malformed id get the 404 of a missing class.
    for (const [who, url] of [
      [world.otherTeacher, path],
      [pupil, path],
      [world.teacher, '/api/classes/abc/outcomes'],
      [world.teacher, '/api/classes/999999/outcomes'],
    ] as const) {
      const res = await who.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
    }
    expect((await world.stack.browser().get(path)).status).toBe(401);

    // Removing the pupil erases their mastery in both services.
    expect((await world.teacher.delete(`/api/classes/${created.id}/pupils/${ada!.id}`)).status).toBe(200);
    await waitFor(
      async () => {
        const { rows } = await world.stack.pool.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM classes.pupil_mastery WHERE user_id = $1)
                + (SELECT count(*) FROM results.outcome_mastery WHERE user_id = $1) AS n`,
          [ada!.id],
        );
        return Number(rows[0]!.n) === 0 ? true : null;
      },
      { timeoutMs: 30_000, message: 'mastery rows of the deleted pupil remain' },
    );
  });
});
