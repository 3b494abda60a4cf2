import { configLoader } from '@mathgames/platform';
import { resultBudgetConfigShape } from './domain/result-budget.js';

export const loadGameResultsConfig = configLoader('game-results', resultBudgetConfigShape);
export type GameResultsConfig = ReturnType<typeof loadGameResultsConfig>;
export const loadStatisticsWorkerConfig = configLoader('statistics-worker');
