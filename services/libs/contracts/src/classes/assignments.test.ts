import { describe, expect, it } from 'vitest';
import { QUESTION_COUNTS } from '../values.js';
import {
  ASSIGNMENT_MAX_DUE_DAYS,
  createAssignmentRequestSchema,
  dueAtProblem,
  endOfLocalDay,
} from './assignments.js';

const DAY = 86_400_000;
const now = new Date('2026-11-24T10:00:00Z');

describe('assignment due dates', () => {
  it('must be after now and at most ASSIGNMENT_MAX_DUE_DAYS ahead', () => {
    expect(dueAtProblem(new Date(now.getTime() + 1), now)).toBe(false);
    expect(dueAtProblem(new Date(now.getTime() + ASSIGNMENT_MAX_DUE_DAYS * DAY), now)).toBe(false);
    expect(dueAtProblem(now, now)).toBe(true);
    expect(dueAtProblem(new Date(now.getTime() + ASSIGNMENT_MAX_DUE_DAYS * DAY + 1), now)).toBe(true);
    expect(dueAtProblem(new Date('not a date'), now)).toBe(true);
  });

  it('a date field’s day means the end of that day where the browser is', () => {
    const end = endOfLocalDay('2026-12-01');
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 11, 1, 23, 59,
    ]);
  });
});

describe('createAssignmentRequestSchema', () => {
  const valid = {
    gameType: 'kesir',
    difficulty: 'zor',
    questionsCount: 15,
    dueAt: new Date(Date.now() + DAY).toISOString(),
  };

  it('reads topic and difficulty aliases into the canonical values; no pupilIds means the whole class', () => {
    expect(createAssignmentRequestSchema.parse(valid)).toEqual({ ...valid, gameType: 'kesirler' });
  });

  it('takes exactly the game’s question counts', () => {
    for (const count of QUESTION_COUNTS)
      expect(createAssignmentRequestSchema.safeParse({ ...valid, questionsCount: count }).success).toBe(true);
    for (const count of [0, 4, 11, 25, '10'])
      expect(createAssignmentRequestSchema.safeParse({ ...valid, questionsCount: count }).success).toBe(
        false,
      );
  });

  it('names the field of the first problem with its message key', () => {
    const issue = (body: object) =>
      createAssignmentRequestSchema.safeParse({ ...valid, ...body }).error?.issues[0];
    expect(issue({ pupilIds: [] })).toMatchObject({
      path: ['pupilIds'],
      message: 'assignment_pupils_required',
    });
    expect(issue({ pupilIds: [1.5] })).toMatchObject({
      path: ['pupilIds', 0],
      message: 'assignment_pupils_required',
    });
    expect(issue({ dueAt: '2020-01-01T00:00:00Z' })).toMatchObject({
      path: ['dueAt'],
      message: 'assignment_due_invalid',
    });
    expect(issue({ gameType: 'geometry' })).toMatchObject({
      path: ['gameType'],
      message: 'invalid_game_type',
    });
  });
});
