import { randomBytes } from 'node:crypto';
import { EVENT_QUEUES, GAME_RESULT_RECORDED } from '@mathgames/contracts';
import { honestResult } from '@mathgames/game-results/testing';
import { waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../stack.js';
import { Browser } from '../test-client.js';
import { type OtlpReceiver, printTrace, type ReceivedSpan, startOtlpReceiver } from './otlp-receiver.js';

/** A sampled W3C trace context the test chooses, as an app passing `traceparent` would: the trace id to look for. */
function newTraceparent(): { traceId: string; traceparent: string } {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

const RESULT_QUEUES = [EVENT_QUEUES.statistics, EVENT_QUEUES.badges, EVENT_QUEUES.classes];
const PUBLISH = `publish ${GAME_RESULT_RECORDED.type}`;
const TRACE_TIMEOUT_MS = 60_000;

describe('one trace follows a result and a mail across every process', () => {
  let receiver: OtlpReceiver;
  let stack: Stack;
  const pupil = {
    username: `iz${randomBytes(4).toString('hex')}`,
    email: `iz.${randomBytes(4).toString('hex')}@example.com`,
    password: 'gizli parola 12',
  };

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // Built, as the image runs it: the instrumentations hook the compiled modules the way they will in production.
    stack = await startStack({
      run: 'built',
      smtp: true,
      killOnExit: true,
      readyTimeoutMs: 120_000,
      env: { ...receiver.env, LOG_LEVEL: 'warn' },
      envFor: { gateway: { RATE_LIMIT_AUTH_PER_15_MINUTES: '1000' } },
    });
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  /** No span attribute of any process holds what identifies the pupil or what they answered. */
  function expectNoPersonalData(spans: readonly ReceivedSpan[], answers: readonly string[]): void {
    const text = JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes })));
    for (const secret of [pupil.email, pupil.username, pupil.password, ...answers]) {
      expect(text, `a span attribute holds "${secret}"`).not.toContain(secret);
    }
  }

  it('shows a registration from the gateway to the SMTP send, in one trace', async () => {
    const browser = new Browser(stack.baseUrl, 'tr');
    const { traceId, traceparent } = newTraceparent();
    const registered = await browser.request('POST', '/api/auth/register', {
      json: pupil,
      headers: { traceparent },
    });
    expect(registered.status).toBe(201);
    await stack.mail!.waitFor((mail) => mail.to.includes(pupil.email), TRACE_TIMEOUT_MS);

    const spans = await waitFor(
      () => {
        const trace = receiver.trace(traceId);
        return trace.some((s) => s.service === 'mail-worker' && s.name === 'smtp send') ? trace : null;
      },
      { timeoutMs: TRACE_TIMEOUT_MS, message: 'the mail-worker span of the registration' },
    );
    console.log(`registration trace ${traceId}:\n${printTrace(spans)}`);
    const services = new Set(spans.map((s) => s.service));
    expect([...services].sort()).toEqual(['auth', 'gateway', 'mail-worker']);
    const relay = spans.find((s) => s.service === 'auth' && s.name.startsWith('publish '));
    const job = spans.find((s) => s.service === 'mail-worker' && s.name.startsWith('process '));
    expect(relay, 'the relay publishes the mail job in the trace').toBeDefined();
    expect(job?.parentSpanId, 'the mail job continues the relay span').toBe(relay?.spanId);
    expectNoPersonalData(receiver.spans, []);
  });

  it('shows a result from the gateway to each worker commit, and its re-delivery, in one trace', async () => {
    const browser = new Browser(stack.baseUrl, 'tr');
    const login = await browser.post('/api/auth/login', { email: pupil.email, password: pupil.password });
    expect(login.status).toBe(200);
    const result = honestResult({ gameType: 'carpma', difficulty: 'orta', correct: 7, seed: 25 });
    const { traceId, traceparent } = newTraceparent();
    const posted = await browser.request('POST', '/api/game-results', {
      json: result,
      headers: { traceparent },
    });
    expect(posted.status).toBe(201);

    const processed = (spans: ReceivedSpan[], outcome: string) =>
      RESULT_QUEUES.map((q) =>
        spans.find(
          (s) =>
            s.name === `process ${q.name}` &&
            s.service === q.worker &&
            s.attributes['mathgames.event.outcome'] === outcome,
        ),
      );
    const commitUnder = (spans: ReceivedSpan[], parent: ReceivedSpan): boolean => {
      const below = new Set([parent.spanId]);
      for (const span of [...spans].sort((a, b) => (a.startNs < b.startNs ? -1 : 1)))
        if (below.has(span.parentSpanId)) below.add(span.spanId);
      return spans.some((s) => below.has(s.spanId) && s.service === parent.service && /COMMIT/i.test(s.name));
    };
    const first = await waitFor(
      () => {
        const trace = receiver.trace(traceId);
        const consumers = processed(trace, 'applied');
        return consumers.every((c) => c && commitUnder(trace, c)) ? trace : null;
      },
      {
        timeoutMs: TRACE_TIMEOUT_MS,
        message: 'each worker applying the result, with its commit, in the trace',
      },
    );
    console.log(`result trace ${traceId}:\n${printTrace(first)}`);
    const publish = first.find((s) => s.service === 'game-results' && s.name === PUBLISH);
    expect(publish, 'the outbox relay publishes in the trace of the request').toBeDefined();
    for (const consumer of processed(first, 'applied')) expect(consumer!.parentSpanId).toBe(publish!.spanId);
    expect(first.some((s) => s.service === 'gateway')).toBe(true);
    expect(first.some((s) => s.service === 'game-results' && s.kind === 2)).toBe(true); // SERVER

    // A relay that crashed after publishing and before marking the row publishes it again: the same trace shows the
    // second delivery reaching each worker as a duplicate that changes nothing.
    const env = stack.environment!;
    const { rowCount } = await env.pool.query(
      `UPDATE results.outbox SET published_at = NULL WHERE traceparent LIKE $1`,
      [`00-${traceId}-%`],
    );
    expect(rowCount).toBe(1);
    const again = await waitFor(
      () => {
        const trace = receiver.trace(traceId);
        return processed(trace, 'duplicate').every(Boolean) ? trace : null;
      },
      {
        timeoutMs: TRACE_TIMEOUT_MS,
        message: 'each worker skipping the re-delivered event, in the same trace',
      },
    );
    console.log(`result trace ${traceId} after the re-delivery:\n${printTrace(again)}`);
    expect(again.filter((s) => s.name === PUBLISH)).toHaveLength(2);

    const answers = result.questions.map((q) => q.question);
    expectNoPersonalData(receiver.spans, answers);
  });
});
