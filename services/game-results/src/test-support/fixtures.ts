/** The contracts' honest result, under the names the tests know it by. */
export { type PlayedGameShape as ResultShape, playedGame as honestResult } from '@mathgames/contracts';
