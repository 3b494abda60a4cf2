/** Test data other packages' tests and the benchmarks use (`@mathgames/game-results/testing`). */

/** The write path's steps one by one, for the query-plan benchmark (infra/bench/explain.ts). */
export { insertAnnouncedGameResult } from '../data-access/game-results-repository.js';
export { addToReadModel, readStatistics } from '../data-access/statistics-repository.js';
export { gameResultRecordedEvent } from '../domain/events.js';
export { verifyGameResult } from '../domain/verify-game-result.js';
export { honestResult, type ResultShape } from './fixtures.js';
export { seedResults } from './seed.js';
