/** Test data other packages' tests and the benchmarks use (`@mathgames/game-results/testing`). */
export { honestResult, type ResultShape } from './fixtures.js';
export { seedResults } from './seed.js';
