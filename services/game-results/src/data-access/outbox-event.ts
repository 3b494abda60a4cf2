import { GAME_RESULT_RECORDED, type GameResultRecordedEvent } from '@mathgames/contracts';
import { type OutboxRow, outbox } from '@mathgames/platform';

const resultsOutbox = outbox('results');

/** The checked outbox row of a result's event, for the statement that stores the result (one round trip). */
export function gameResultRecordedRow(event: GameResultRecordedEvent): OutboxRow {
  return resultsOutbox.row(GAME_RESULT_RECORDED, event);
}
