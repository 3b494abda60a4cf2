import {
  type ClassJoin,
  type ClassPupil,
  type ClassPupilsResponse,
  type Difficulty,
  formatQuestionText,
  type GameType,
  generateQuestions,
  type TeacherClass,
  type TeacherClassResponse,
} from '@mathgames/contracts';
import { expect } from 'vitest';
import type { Browser, ClassesStack } from './classes-stack.js';

/** The teacher creates a class (201 expected). */
export async function createClass(teacher: Browser, name = '2-B', grade = 2): Promise<TeacherClass> {
  const res = await teacher.post<TeacherClassResponse>('/api/classes', { name, grade });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.class;
}

/** The teacher adds pupils by name (201 expected); each comes with their pictures. */
export async function addPupils(teacher: Browser, classId: number, names: string[]): Promise<ClassPupil[]> {
  const res = await teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, { names });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.items;
}

/** The pupil signs in with the class code and their pictures on a fresh browser (200 expected). */
export async function signInPupil(
  stack: ClassesStack,
  joinCode: string,
  pupil: ClassPupil,
  lang?: 'tr' | 'en',
): Promise<Browser> {
  const browser = stack.browser(lang);
  const roster = await browser.get<ClassJoin>(`/api/class-codes/${joinCode}`);
  const login = await browser.post('/api/auth/pupil-login', {
    ticket: roster.body.ticket,
    pupilId: pupil.id,
    pictures: pupil.pictures,
  });
  expect(login.status).toBe(200);
  return browser;
}

/** Saves a game through game-results as the gameplay screen does: every answer right but the first `wrong`. */
export function saveGame(
  browser: Browser,
  game: {
    gameType: GameType;
    difficulty: Difficulty;
    count: 5 | 10;
    wrong?: number;
    totalTime?: number;
    /** When the device says the game was played (a result kept offline); absent: now. */
    playedAt?: string;
  },
) {
  const wrong = game.wrong ?? 0;
  const questions = generateQuestions({
    gameType: game.gameType,
    difficulty: game.difficulty,
    count: game.count,
  });
  return browser.post('/api/game-results', {
    gameType: game.gameType,
    difficulty: game.difficulty,
    questionsCount: game.count,
    correctAnswers: game.count - wrong,
    totalTime: game.totalTime ?? 40,
    ...(game.playedAt ? { playedAt: game.playedAt } : {}),
    questions: questions.map((q, i) => ({
      question: formatQuestionText(q),
      answer: q.answer,
      userAnswer: i < wrong ? Number(q.answer) + 1 : q.answer,
      isCorrect: i >= wrong,
    })),
  });
}
