/** What the benchmarks reach inside badges for (`@mathgames/badges/testing`): the read model's own queries. */
export { addProgress, countCompletedByCategory, listUserBadges } from '../data-access/badges-repository.js';
