import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, runWithRequestId } from './logger.js';

describe('the logger', () => {
  it('stamps every line written inside a request with its request id, across awaits', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const logger = createLogger('test', 'info', sink);
    await runWithRequestId('req-42', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info('inside');
    });
    logger.info('outside');
    logger.info({ password: 'hunter2' }, 'secrets');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['inside', 'req-42'],
      ['outside', undefined],
      ['secrets', undefined],
    ]);
    expect(lines[2]!.password).toBe('[redacted]');
  });
});
