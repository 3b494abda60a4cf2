import { DIFFICULTIES, type Difficulty, GAME_TYPES, type GameType } from '../values.js';
import { AGE_HINT_GRADE, LEVEL_SCOPE, OUTCOMES, type Outcome, SKILLS } from './map.js';

/** The outcomes a topic and level practises: those of its skills, each once, in the map's order. */
export function levelOutcomes(gameType: GameType, difficulty: Difficulty): Outcome[] {
  const codes = new Set(LEVEL_SCOPE[gameType][difficulty].skills.flatMap((id) => SKILLS[id].outcomes));
  return OUTCOMES.filter((o) => codes.has(o.code));
}

/** Whether a topic and level's questions practise the outcome. */
export function levelPractises(gameType: GameType, difficulty: Difficulty, code: string): boolean {
  return LEVEL_SCOPE[gameType][difficulty].skills.some((id) => SKILLS[id].outcomes.includes(code));
}

/**
 * The topic and level to practise an outcome with (an assignment chosen by outcome, a pupil's check): of
 * `preferTopic` when one of its levels practises it, else of the first topic that does; the level meant for the
 * outcome's grade (its age hint) when it practises it, else the lowest that does. Undefined for a code not on the map.
 */
export function levelForOutcome(
  code: string,
  preferTopic?: GameType,
): { gameType: GameType; difficulty: Difficulty } | undefined {
  const outcome = OUTCOMES.find((o) => o.code === code);
  if (!outcome) return undefined;
  const topics = preferTopic ? [preferTopic, ...GAME_TYPES.filter((t) => t !== preferTopic)] : GAME_TYPES;
  for (const gameType of topics) {
    const covering = DIFFICULTIES.filter((difficulty) => levelPractises(gameType, difficulty, code));
    const difficulty = covering.find((d) => AGE_HINT_GRADE[d] === outcome.grade) ?? covering[0];
    if (difficulty) return { gameType, difficulty };
  }
  return undefined;
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
