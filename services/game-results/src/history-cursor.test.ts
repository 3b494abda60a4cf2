import { describe, expect, it } from 'vitest';
import { serviceClient, useServiceUnderTest } from './test-support/api.js';

const running = useServiceUnderTest({ amqp: false });

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe('a crafted history cursor', () => {
  it.each([
    ['the reported one: a position past bigint', 'OTk5OTk5OTk5OTk5OTk5OTk5OS4x'],
    ['a position past the timestamp range', cursorOf('9223372036854775807.1')],
    ['a position before year 1', cursorOf('-9223372036854775808.1')],
    ['an id past bigint', cursorOf('1700000000000000.99999999999999999999')],
    ['an id of zero digits', cursorOf('1700000000000000.')],
  ])('is a 400 naming cursor, never a 500: %s', async (_why, cursor) => {
    const res = await serviceClient(running.baseUrl, 4242)('GET', `/api/game-results?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', field: 'cursor' });
  });
});
