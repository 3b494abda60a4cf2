import { loadConfig, portWithDefault } from '@mathgames/platform';
import { resultBudgetConfigShape } from './domain/result-budget.js';

export const gameResultsConfigShape = {
  PORT: portWithDefault(4002),
  ...resultBudgetConfigShape,
};

export type GameResultsConfig = ReturnType<typeof loadGameResultsConfig>;

export function loadGameResultsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(gameResultsConfigShape, env, { deployable: 'game-results' });
}

export const statisticsWorkerConfigShape = { PORT: portWithDefault(4012) };

export type StatisticsWorkerConfig = ReturnType<typeof loadStatisticsWorkerConfig>;

export function loadStatisticsWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(statisticsWorkerConfigShape, env, { deployable: 'statistics-worker' });
}
