import { describe, expect, it } from 'vitest';
import { classifyFailure, PermanentError } from './failures.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('classifyFailure', () => {
  it.each([
    ['ECONNREFUSED'],
    ['ECONNRESET'],
    ['ETIMEDOUT'],
    ['08006'], // pg: connection failure
    ['08001'],
    ['57P01'], // pg: admin shutdown / pg_terminate_backend
    ['57P03'], // pg: cannot connect now (starting up)
    ['53300'], // pg: too many connections
    ['40001'], // pg: serialization failure
  ])('treats %s as transient: wait and retry', (code) => {
    expect(classifyFailure(withCode(code))).toBe('transient');
  });

  it('recognises the messages pg and ioredis give without a code', () => {
    expect(classifyFailure(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(classifyFailure(new Error('timeout exceeded when trying to connect'))).toBe('transient');
    expect(classifyFailure(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(
      'transient',
    );
  });

  it('looks through causes and aggregate errors', () => {
    expect(classifyFailure(new Error('refresh failed', { cause: withCode('ECONNREFUSED') }))).toBe(
      'transient',
    );
    expect(classifyFailure(new AggregateError([new Error('x'), withCode('ECONNREFUSED')]))).toBe('transient');
  });

  it('marks PermanentError permanent (dead-letter now), also when wrapped', () => {
    expect(classifyFailure(new PermanentError('bad event'))).toBe('permanent');
    expect(classifyFailure(new Error('wrapped', { cause: new PermanentError('bad event') }))).toBe(
      'permanent',
    );
  });

  it('calls anything else unknown: retried like an outage, never parked', () => {
    expect(classifyFailure(new TypeError('x is undefined'))).toBe('unknown');
    expect(classifyFailure(withCode('23505', 'duplicate key'))).toBe('unknown');
  });
});
