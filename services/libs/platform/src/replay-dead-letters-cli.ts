import { ALL_EVENT_QUEUES } from '@mathgames/contracts';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { replayDeadLetters } from './messaging/replay-dead-letters.js';

/**
 * `make replay-dead-letters [QUEUE=name]`: after fixing what made events fail permanently, moves every parked
 * event of the declared queues (or of one) back to its queue. Replaying is safe: consumers apply an event once.
 */
const config = loadConfig({});
const logger = createLogger('replay-dead-letters', config.LOG_LEVEL);
const only = process.argv[2];
const known = ALL_EVENT_QUEUES.map((queue) => queue.name);
if (only && !known.includes(only)) {
  logger.error({ queue: only, known }, 'unknown queue');
  process.exit(2);
}
const moved = await replayDeadLetters({ url: config.AMQP_URL, queues: only ? [only] : known, logger });
for (const [queue, count] of Object.entries(moved)) console.log(`${queue}: ${count} replayed`);
