import type { Difficulty, GameType } from '../values.js';
import { LEVEL_SCOPE, OUTCOMES, type Outcome, SKILLS } from './map.js';

/** The outcomes a topic and level practises: those of its skills, each once, in the map's order. */
export function levelOutcomes(gameType: GameType, difficulty: Difficulty): Outcome[] {
  const codes = new Set(LEVEL_SCOPE[gameType][difficulty].skills.flatMap((id) => SKILLS[id].outcomes));
  return OUTCOMES.filter((o) => codes.has(o.code));
}

/** What a pupil's games practised, per outcome: how many games and answers touched it, and how many were right. */
export interface OutcomePractice {
  outcome: Outcome;
  games: number;
  questions: number;
  correct: number;
}

/** The outcomes `games` practised (by their topic and level), in the map's order; a game counts for each of its level's. */
export function outcomesPractised(
  games: readonly {
    gameType: GameType;
    difficulty: Difficulty;
    questionsCount: number;
    correctAnswers: number;
  }[],
): OutcomePractice[] {
  const byCode = new Map<string, OutcomePractice>();
  for (const game of games) {
    for (const outcome of levelOutcomes(game.gameType, game.difficulty)) {
      const practice = byCode.get(outcome.code) ?? { outcome, games: 0, questions: 0, correct: 0 };
      practice.games += 1;
      practice.questions += game.questionsCount;
      practice.correct += game.correctAnswers;
      byCode.set(outcome.code, practice);
    }
  }
  return OUTCOMES.flatMap((o) => byCode.get(o.code) ?? []);
}
