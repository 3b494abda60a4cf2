import {
  AGE_HINT_GRADE,
  DIFFICULTIES,
  type Difficulty,
  GAME_TYPES,
  type GameType,
  LEVEL_SCOPE,
  OUTCOMES,
  SKILLS,
} from '@mathgames/contracts';

/**
 * The topic and difficulty a due check starts (issue 27): one whose questions practise the outcome, preferring the
 * difficulty meant for the outcome's grade (its age hint), then the one most of whose skills practise the outcome
 * (so more of its questions ask it), then the first in the games' order.
 */
export function checkLevelFor(code: string): { gameType: GameType; difficulty: Difficulty } | null {
  const grade = OUTCOMES.find((o) => o.code === code)?.grade;
  let best: { gameType: GameType; difficulty: Difficulty; score: number } | null = null;
  for (const gameType of GAME_TYPES) {
    for (const difficulty of DIFFICULTIES) {
      const skills = LEVEL_SCOPE[gameType][difficulty].skills;
      const asking = skills.filter((id) => SKILLS[id].outcomes.includes(code)).length;
      if (asking === 0) continue;
      const score = (AGE_HINT_GRADE[difficulty] === grade ? 1 : 0) + asking / skills.length / 2;
      if (!best || score > best.score) best = { gameType, difficulty, score };
    }
  }
  return best && { gameType: best.gameType, difficulty: best.difficulty };
}
