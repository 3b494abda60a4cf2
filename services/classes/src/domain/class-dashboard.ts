import {
  CLASS_DASHBOARD_TOP,
  type ClassDashboard,
  type Difficulty,
  GAME_TYPES,
  type GameType,
  isMistakeKind,
  levelForPoints,
  type MistakeKind,
  type PupilProgressDetail,
  successRate,
  type TopicAccuracy,
} from '@mathgames/contracts';
import { findClassOfTeacher } from '../data-access/classes-repository.js';
import { readClassDashboard, readPupilDetail } from '../data-access/progress-read.js';
import { PUPIL_HISTORY_LIMIT } from '../data-access/progress-repository.js';
import type { ClassesContext } from './deps.js';
import { classNotFound, pupilNotFound } from './not-found.js';

const accuracyOf = (correct: number, questions: number) =>
  questions > 0 ? successRate(correct, questions) : null;

/** Every topic in GAME_TYPES order, the ones not played yet as zero. */
function topicRow(counts: Map<string, { questions: number; correct: number }>): TopicAccuracy[] {
  return GAME_TYPES.map((gameType) => {
    const { questions, correct } = counts.get(gameType) ?? { questions: 0, correct: 0 };
    return { gameType, questions, correct, accuracy: accuracyOf(correct, questions) };
  });
}

/**
 * The class grid (pupils × topics) with the topics and mistakes the class gets wrong most. Reads the worker's
 * per-pupil rows of the class: the cost follows the roster, never the stored results. A foreign class is a 404.
 */
export async function classDashboard(
  ctx: ClassesContext,
  teacherId: number,
  classId: number,
): Promise<ClassDashboard> {
  if (!(await findClassOfTeacher(ctx.db, teacherId, classId))) throw classNotFound();
  const { topics: rows, mistakes } = await readClassDashboard(ctx.db, classId, CLASS_DASHBOARD_TOP);
  const pupils = new Map<
    number,
    { name: string; counts: Map<string, { questions: number; correct: number }> }
  >();
  const classTotals = new Map<GameType, { questions: number; correct: number }>();
  for (const row of rows) {
    const pupil = pupils.get(row.pupilId) ?? { name: row.name, counts: new Map() };
    pupils.set(row.pupilId, pupil);
    if (!row.gameType) continue;
    pupil.counts.set(row.gameType, { questions: row.questions, correct: row.correct });
    const total = classTotals.get(row.gameType as GameType) ?? { questions: 0, correct: 0 };
    classTotals.set(row.gameType as GameType, {
      questions: total.questions + row.questions,
      correct: total.correct + row.correct,
    });
  }
  const mostMissedTopics = [...classTotals]
    .map(([gameType, t]) => ({
      gameType,
      wrong: t.questions - t.correct,
      questions: t.questions,
      accuracy: successRate(t.correct, t.questions),
    }))
    .filter((t) => t.wrong > 0)
    .sort((a, b) => b.wrong - a.wrong || a.accuracy - b.accuracy || a.gameType.localeCompare(b.gameType))
    .slice(0, CLASS_DASHBOARD_TOP);
  return {
    pupils: [...pupils].map(([pupilId, p]) => ({ pupilId, name: p.name, topics: topicRow(p.counts) })),
    mostMissedTopics,
    mostFrequentMistakes: mistakes.flatMap((m) =>
      isMistakeKind(m.kind) ? [{ kind: m.kind, count: m.count, pupils: m.pupils }] : [],
    ),
  };
}

/** One pupil of the teacher's class: totals, topics, mistakes and recent games. Foreign or missing is a 404. */
export async function pupilProgressDetail(
  ctx: ClassesContext,
  teacherId: number,
  classId: number,
  pupilId: number,
): Promise<PupilProgressDetail> {
  const row = await readPupilDetail(ctx.db, teacherId, classId, pupilId, PUPIL_HISTORY_LIMIT);
  if (!row) throw pupilNotFound();
  return {
    pupilId,
    name: row.name,
    questions: row.questions,
    correct: row.correct,
    accuracy: accuracyOf(row.correct, row.questions),
    points: row.points,
    level: levelForPoints(row.points),
    lastPlayedAt: row.lastPlayedAt ? row.lastPlayedAt.toISOString() : null,
    topics: topicRow(new Map(row.topics.map((t) => [t.gameType, t]))),
    mistakes: row.mistakes.flatMap((m) =>
      isMistakeKind(m.kind) ? [{ kind: m.kind as MistakeKind, count: m.count }] : [],
    ),
    history: row.history.map((h) => ({
      ...h,
      gameType: h.gameType as GameType,
      difficulty: h.difficulty as Difficulty,
      playedAt: new Date(h.playedAt).toISOString(),
    })),
  };
}
