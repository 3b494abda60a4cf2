import type { FactsResponse } from '@mathgames/contracts';
import { waitFor } from '@mathgames/platform/testing';
import { describe, expect, it } from 'vitest';
import { addPupils, createClass, signInPupil } from './classes-api.js';
import { useClassesStack } from './classes-stack.js';

const world = useClassesStack({ everything: true }, ['Facts_Teacher', 'Facts_Nosy']);

/** A very easy multiplication game, every answer right after `ms`. */
const game = (ms: number) => ({
  gameType: 'çarpma',
  difficulty: 'çok kolay',
  questionsCount: 5,
  correctAnswers: 5,
  totalTime: 30,
  questions: [
    ['2 × 3', 6],
    ['4 × 5', 20],
    ['3 × 3', 9],
    ['5 × 2', 10],
    ['1 × 4', 4],
  ].map(([question, answer]) => ({ question, answer, userAnswer: answer, isCorrect: true, responseMs: ms })),
});

describe('a pupil’s fact matrix for the teacher (product-rules.md#fact-fluency)', () => {
  it('moves from slow to fluent as the pupil answers within 3 s, only for the class’s teacher, and goes with the pupil', async () => {
    const created = await createClass(world.teacher, '2-F', 2);
    const [pupil] = await addPupils(world.teacher, created.id, ['Ece']);
    const browser = await signInPupil(world.stack, created.joinCode, pupil!);
    const path = `/api/classes/${created.id}/pupils/${pupil!.id}/facts`;
    expect((await world.teacher.get<FactsResponse>(path)).body).toEqual({ threshold: 3000, facts: [] });

    expect((await browser.post('/api/game-results', game(1500))).status).toBe(201);
    const once = await waitFor(async () => {
      const res = await world.teacher.get<FactsResponse>(path);
      return res.body.facts.length === 5 ? res.body : null;
    });
    expect(once.facts.every((f) => f.state === 'slow' && f.tries === 1)).toBe(true);
    expect((await browser.post('/api/game-results', game(2000))).status).toBe(201);
    const twice = await waitFor(async () => {
      const res = await world.teacher.get<FactsResponse>(path);
      return res.body.facts.every((f) => f.tries === 2) ? res.body : null;
    });
    expect(twice.facts.map((f) => `${f.fact}:${f.state}`)).toEqual([
      '1×4:fluent',
      '2×3:fluent',
      '3×3:fluent',
      '4×5:fluent',
      '5×2:fluent',
    ]);

    expect((await world.otherTeacher.get(path)).status).toBe(404);
    expect((await world.teacher.get(`${path}?threshold=1`)).status).toBe(400);

    expect((await world.teacher.delete(`/api/classes/${created.id}/pupils/${pupil!.id}`)).status).toBe(200);
    await waitFor(
      async () => {
        const { rows } = await world.stack.pool.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM classes.pupil_facts WHERE user_id = $1)
                + (SELECT count(*) FROM results.fact_fluency WHERE user_id = $1) AS n`,
          [pupil!.id],
        );
        return Number(rows[0]!.n) === 0 ? true : null;
      },
      { timeoutMs: 30_000, message: 'fact tries of the deleted pupil remain' },
    );
  });
});
