import { LIMITS } from '@mathgames/auth';
import { honestResult } from '@mathgames/game-results/testing';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../../stack.js';
import { Browser, signUp } from '../../test-client.js';
import { type GeneratedRequest, type Identity, requestArbitrary } from './request-generator.js';

/**
 * Thousands of generated bad requests through the real gateway to every endpoint, as a guest, as a
 * pupil and as another pupil. Replay a failure with BAD_INPUT_SEED=<the printed seed>; BAD_INPUT_REQUESTS
 * changes the count. Every answer must be 2xx or a 4xx with a code and translated message (a 400 names the
 * field), never a 5xx; no process dies; nobody but the pupil ever gets the pupil's data back.
 */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_261_123);
const REQUESTS = Number(process.env.BAD_INPUT_REQUESTS ?? 10_000);
const IN_FLIGHT = 12;
const BATCH = 250;

// 400s that concern the request as a whole rather than one field.
const WHOLE_REQUEST_CODES = new Set([
  'invalid_json',
  'request_too_large',
  'unsupported_media_type',
  'bad_request',
]);

const unlimited = Object.fromEntries(
  Object.entries(LIMITS).map(([name, spec]) => [name, { ...spec, points: 10_000_000 }]),
) as unknown as typeof LIMITS;

let stack: Stack;
let baseUrl: string;
const cookies: Record<Exclude<Identity, 'guest'>, string> = { pupil: '', other: '' };
/** What only the pupil may ever get back. */
const secrets: string[] = [];
const crashes: unknown[] = [];
const onCrash = (err: unknown) => crashes.push(err);

/** Signs `name` up; the Cookie header of their session. */
async function signUpFor(name: string): Promise<string> {
  const browser = await signUp(new Browser(baseUrl), { username: name, email: `${name}@example.com` });
  return browser.jar.header()!;
}

beforeAll(async () => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  // Limits would turn most of the run into 429s; they are tested on their own (rate-limit-evasion,
  // result-budget, photo-limits tests).
  stack = await startStack({
    only: ['auth', 'game-results', 'badges', 'classes', 'gateway'],
    inProcess: { authLimits: unlimited },
    envFor: {
      'game-results': { RESULT_BUDGET_PER_MINUTE: '10000000', RESULT_BUDGET_PER_HOUR: '10000000' },
      gateway: {
        RATE_LIMIT_AUTH_PER_15_MINUTES: '10000000',
        RATE_LIMIT_API_PER_MINUTE: '10000000',
        RATE_LIMIT_JOIN_MISSES_PER_ADDRESS_PER_15_MINUTES: '10000000',
      },
    },
  });
  baseUrl = stack.baseUrl;

  // The pupil has data of every kind another user must never see: profile text, a result, a photo.
  cookies.pupil = await signUpFor('alpha-owner');
  cookies.other = await signUpFor('beta-other');
  const about = 'ALPHA-PRIVATE-ABOUT-7f3a';
  const asPupil = (path: string, init: RequestInit) =>
    fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, cookie: cookies.pupil } });
  const profile = await asPupil('/api/profile/update', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ displayName: 'Alpha Owner', email: 'alpha-owner@example.com', about }),
  });
  expect(profile.status).toBe(200);
  const posted = await asPupil('/api/game-results', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(honestResult({ questionsCount: 20, correct: 17, totalTime: 777, seed: 7 })),
  });
  expect(posted.status).toBe(201);
  const form = new FormData();
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const photo = await asPupil('/api/profile/photo', { method: 'POST', body: form });
  expect(photo.status).toBe(200);
  const { photoUrl } = (await photo.json()) as { photoUrl: string };
  secrets.push(
    'alpha-owner@example.com',
    about,
    photoUrl.split('/').pop()!.replace('.webp', ''),
    '"totalTime":777',
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
});

type Outcome = { request: GeneratedRequest; status: number; problem: string | null };

async function send(request: GeneratedRequest): Promise<Outcome> {
  const headers: Record<string, string> = { ...request.headers, 'x-lang': 'en' };
  if (request.identity !== 'guest') headers.cookie = cookies[request.identity];
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers,
      body: request.body as RequestInit['body'],
      redirect: 'manual',
    });
  } catch (err) {
    return { request, status: 0, problem: `no answer: ${(err as Error).message}` };
  }
  const text = await res.text();
  const problem = check(request, res, text);
  return { request, status: res.status, problem };
}

function check(request: GeneratedRequest, res: Response, text: string): string | null {
  if (res.status >= 500) return `${res.status}: ${text.slice(0, 300)}`;
  if (request.identity !== 'pupil') {
    const leaked = secrets.find((secret) => text.includes(secret));
    if (leaked) return `another user's data (${leaked}) returned to ${request.identity}`;
  }
  if (res.status >= 400) {
    if (!(res.headers.get('content-type') ?? '').includes('application/json'))
      return `${res.status} not JSON`;
    let body: { code?: unknown; message?: unknown; field?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return `${res.status} unparsable body`;
    }
    if (typeof body.code !== 'string' || typeof body.message !== 'string' || body.message === '')
      return `${res.status} without code and message: ${text.slice(0, 200)}`;
    if (
      res.status === 400 &&
      !WHOLE_REQUEST_CODES.has(body.code) &&
      (typeof body.field !== 'string' || body.field === '')
    )
      return `400 ${body.code} without the field named: ${text.slice(0, 200)}`;
  }
  return null;
}

describe('10,000 generated bad requests through the gateway', () => {
  it('are all answered 2xx or 4xx (field named), none 5xx, nobody sees another user’s data', async () => {
    const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    const arbitrary = requestArbitrary(doc);
    const statusCounts = new Map<number, number>();
    const kinds = new Map<string, number>();
    const problems: Outcome[] = [];
    const timing = new Map<string, number>();
    const started = Date.now();
    let sent = 0;
    for (let batch = 0; sent < REQUESTS; batch++) {
      const requests = fc.sample(arbitrary, {
        seed: SEED + batch,
        numRuns: Math.min(BATCH, REQUESTS - sent),
      });
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < requests.length) {
            const t0 = Date.now();
            const outcome = await send(requests[next++]!);
            const k = outcome.request.kind;
            timing.set(k, (timing.get(k) ?? 0) + Date.now() - t0);
            statusCounts.set(outcome.status, (statusCounts.get(outcome.status) ?? 0) + 1);
            const kind = outcome.request.kind.replace(/ \S+$/, '');
            kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
            if (outcome.problem) problems.push(outcome);
          }
        }),
      );
      sent += requests.length;
    }
    const fiveHundreds = [...statusCounts].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const summary = [
      `bad-input suite: seed ${SEED} (replay: BAD_INPUT_SEED=${SEED}), ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  per status: ${[...statusCounts]
        .sort(([a], [b]) => a - b)
        .map(([s, c]) => `${s}×${c}`)
        .join(', ')}`,
      `  5xx: ${fiveHundreds}; operations covered: ${kinds.size}; problems: ${problems.length}`,
    ];
    console.log(summary.join('\n'));
    if (process.env.BAD_INPUT_TIMING)
      console.log(
        [...timing]
          .sort(([, a], [, b]) => b - a)
          .slice(0, 15)
          .map(([k, ms]) => `  ${ms} ms ${k}`)
          .join('\n'),
      );
    for (const p of problems.slice(0, 10))
      console.log(
        `  ${p.request.identity} ${p.request.method} ${p.request.url.slice(0, 120)} [${p.request.kind}] → ${p.problem}`,
      );

    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(fiveHundreds).toBe(0);
    expect(problems.map((p) => `${p.request.kind}: ${p.problem}`).slice(0, 10)).toEqual([]);
    expect(crashes).toEqual([]);
    // Every process still answers, and both pupils are still signed in (the run never ended a session).
    for (const identity of ['pupil', 'other'] as const) {
      const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie: cookies[identity] } });
      expect(me.status, identity).toBe(200);
    }
    const pupilHistory = await fetch(`${baseUrl}/api/game-results`, { headers: { cookie: cookies.pupil } });
    expect(await pupilHistory.text()).toContain('"totalTime":777');
  }, 480_000);
});
