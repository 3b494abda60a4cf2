/** The load's pupils: one browser tab each, behind their class's address. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { hashPassword } from '@mathgames/auth/testing';
import { GAME_TYPES } from '@mathgames/contracts';
import { sessionSignature } from '@mathgames/gateway';
import type { createPool } from '@mathgames/platform';
import type { Stack } from '@mathgames/test-stack';
import type { Redis } from 'ioredis';
import {
  CLASS_SIZE,
  classAddress,
  PASSWORD,
  REAL_LOGINS,
  REQUEST_TIMEOUT_MS,
  SOCKETS_PER_CLASS,
  TIMED_OUT,
} from './config.js';

/** One pupil's browser tab: the gateway session cookie and the summary's last ETag. */
export class Pupil {
  cookie = '';
  etag = '';
  expectedQuestions = 0;
  expectedCorrect = 0;

  constructor(
    readonly baseUrl: URL,
    readonly userId: number,
    readonly email: string,
    readonly gameType: string,
    readonly agent: http.Agent,
  ) {}

  async call(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const started = performance.now();
    const body = json === undefined ? undefined : JSON.stringify(json);
    const deadline = started + REQUEST_TIMEOUT_MS;
    // A browser sends a request again when a kept-alive connection it reused turns out closed by the server
    // before any answer (Chromium's HttpNetworkTransaction::ShouldResendRequest: connection reset, closed or an
    // empty response, on a reused connection; POSTs too), at most twice: the page never sees that error. Node's
    // agent does not, so the tabs do it here and count it apart (`staleIdleMs`), with how long the connection had
    // been idle: one the gateway closed after its keep-alive timeout just as the tab reused it.
    const stale: number[] = [];
    for (;;) {
      const attempt = await send(this, method, path, body, headers, deadline);
      if (attempt.staleIdleMs !== null && stale.length < 2) {
        stale.push(attempt.staleIdleMs);
        continue;
      }
      const ended = performance.now();
      const setCookie = (attempt.headers['set-cookie'] ?? []).find((c) => c.startsWith('mg.sid='));
      if (setCookie) this.cookie = setCookie.split(';', 1)[0]!;
      const etag = attempt.headers.etag;
      return {
        status: attempt.status,
        etag: typeof etag === 'string' ? etag : null,
        text: attempt.text,
        elapsed: ended - started,
        // Where the last attempt's time went: waiting for one of the class's connections, opening one, then the
        // product's answer.
        queued: attempt.queued,
        connecting: attempt.connecting,
        staleIdleMs: stale,
      };
    }
  }

  async logIn(): Promise<void> {
    const login = await this.call('POST', '/api/auth/login', { email: this.email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login ${this.email}: ${login.status} ${login.text}`);
  }
}

/** When each connection of the tabs' agents last finished an answer (a reused connection's idle time). */
const lastAnswered = new WeakMap<Socket, number>();
/** The errors a browser answers by sending again when they end a reused connection before any answer. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ENOTCONN']);
const isStale = (err: NodeJS.ErrnoException) =>
  STALE_CONNECTION.has(err.code ?? '') || err.message === 'socket hang up';

/**
 * One attempt of a tab's call, ended by the answer, a network error or `deadline` (every loop ends on time; the
 * wait for a free connection counts). `staleIdleMs`: the attempt died on a reused connection before any answer
 * (a browser's case for sending again), and how long that connection had been idle.
 */
function send(
  pupil: Pupil,
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
  deadline: number,
) {
  const started = performance.now();
  // When the class's pool gave the call a connection, and when that connection was up (a new one connects).
  let assigned: number | null = null;
  let connected: number | null = null;
  let idleMs = 0;
  let connection: Socket | null = null;
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    text: string;
    staleIdleMs: number | null;
    queued: number;
    connecting: number;
  }>((resolve) => {
    const done = (
      status: number,
      headers: http.IncomingHttpHeaders,
      text: string,
      staleIdleMs: number | null,
    ) => {
      const ended = performance.now();
      resolve({
        status,
        headers,
        text,
        staleIdleMs,
        queued: (assigned ?? ended) - started,
        connecting: assigned === null ? 0 : (connected ?? ended) - assigned,
      });
    };
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: pupil.baseUrl.port,
        path,
        method,
        agent: pupil.agent,
        headers: {
          'x-lang': 'tr',
          ...(pupil.cookie ? { cookie: pupil.cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (c: Buffer) => chunks.push(c));
        incoming.on('end', () => {
          if (connection) lastAnswered.set(connection, performance.now());
          done(incoming.statusCode ?? 0, incoming.headers, Buffer.concat(chunks).toString('utf8'), null);
        });
        incoming.on('error', () => done(0, {}, 'response aborted', null));
      },
    );
    req.once('socket', (socket) => {
      connection = socket;
      assigned = performance.now();
      idleMs = assigned - (lastAnswered.get(socket) ?? assigned);
      if (!socket.connecting) connected = assigned;
      else socket.once('connect', () => (connected = performance.now()));
    });
    const timer = setTimeout(() => req.destroy(new Error(TIMED_OUT)), Math.max(0, deadline - started));
    req.once('close', () => clearTimeout(timer));
    // A refused or reset connection is an outcome to count (status 0), never an exception in a pupil's loop.
    req.on('error', (err: NodeJS.ErrnoException) =>
      done(0, {}, err.message, req.reusedSocket && !answered && isStale(err) ? idleMs : null),
    );
    req.end(body);
  });
}

const JOIN_CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * Seats the pupils in classes of CLASS_SIZE, as in a school: the classes worker then keeps each one's progress,
 * facts and mastery for the teacher, as it does in a district.
 */
async function rosterInClasses(
  pool: ReturnType<typeof createPool>,
  count: number,
  ids: ReadonlyMap<number, number>,
): Promise<void> {
  const classes = Math.ceil(count / CLASS_SIZE);
  const codes = Array.from({ length: classes }, (_, c) => {
    let code = '';
    for (let n = c, i = 0; i < 6; i++, n = Math.floor(n / JOIN_CODE_LETTERS.length))
      code += JOIN_CODE_LETTERS[n % JOIN_CODE_LETTERS.length];
    return code;
  });
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO classes.classes (teacher_id, name, grade, join_code)
     SELECT 1, 'Bench ' || ordinality, 3, code FROM unnest($1::text[]) WITH ORDINALITY AS code
     RETURNING id`,
    [codes],
  );
  const userIds = Array.from({ length: count }, (_, i) => ids.get(i)!);
  await pool.query(
    `INSERT INTO classes.pupils (user_id, class_id, display_name)
     SELECT u, ($2::int[])[(i - 1) / $3 + 1], 'Pupil ' || i FROM unnest($1::int[]) WITH ORDINALITY AS t(u, i)`,
    [userIds, rows.map((r) => r.id), CLASS_SIZE],
  );
}

/**
 * Inserts `count` pupils in one statement (one precomputed argon2id hash with auth's parameters), logs the first
 * `REAL_LOGINS` in for real, concurrently, and gives the others a session shaped exactly like those.
 */
export async function createPupils(
  stack: Stack,
  pool: ReturnType<typeof createPool>,
  redis: Redis,
  count: number,
): Promise<{ pupils: Pupil[]; agents: http.Agent[]; seconds: number }> {
  const started = performance.now();
  const hash = await hashPassword(PASSWORD);
  const { rows } = await pool.query<{ id: number; i: number }>(
    `INSERT INTO auth.users (username, email, password_hash, is_verified)
     SELECT 'pupil' || i, 'pupil' || i || '@bench.local', $2, true FROM generate_series(0, $1::int - 1) AS i
     RETURNING id, substring(username FROM 6)::int AS i`,
    [count, hash],
  );
  const ids = new Map(rows.map((r) => [r.i, r.id]));
  await rosterInClasses(pool, count, ids);
  const baseUrl = new URL(stack.baseUrl);
  if (baseUrl.hostname !== '127.0.0.1')
    throw new Error(`the load generator only targets 127.0.0.1, not ${baseUrl}`);
  const agents: http.Agent[] = [];
  const pupils: Pupil[] = [];
  for (let i = 0; i < count; i++) {
    const c = Math.floor(i / CLASS_SIZE);
    agents[c] ??= new http.Agent({
      keepAlive: true,
      maxSockets: SOCKETS_PER_CLASS,
      localAddress: classAddress(c),
    });
    pupils.push(
      new Pupil(
        baseUrl,
        ids.get(i)!,
        `pupil${i}@bench.local`,
        GAME_TYPES[i % GAME_TYPES.length]!,
        agents[c]!,
      ),
    );
  }

  const real = pupils.slice(0, Math.min(REAL_LOGINS, count));
  await Promise.all(real.map((p) => p.logIn()));
  const prefix = stack.env.REDIS_PREFIX!;
  const secret = stack.env.SESSION_SECRET!;
  const sidOf = (cookie: string) => {
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    return value.slice(2, value.lastIndexOf('.'));
  };
  const template = JSON.parse((await redis.get(`${prefix}sess:${sidOf(real[0]!.cookie)}`)) ?? 'null') as {
    uid: number;
    createdAt: number;
  } | null;
  if (!template || template.uid !== real[0]!.userId)
    throw new Error('a real login stored no session of the expected shape');
  const ttl = await redis.ttl(`${prefix}sess:${sidOf(real[0]!.cookie)}`);
  for (let from = real.length; from < count; from += 2_000) {
    const batch = redis.pipeline();
    for (const pupil of pupils.slice(from, from + 2_000)) {
      // express-session's ids are 24 random bytes, base64url; its cookie is "s:<id>.<signature>".
      const sid = randomBytes(24).toString('base64url');
      pupil.cookie = `mg.sid=${encodeURIComponent(`s:${sid}.${sessionSignature(sid, secret)}`)}`;
      batch.set(
        `${prefix}sess:${sid}`,
        JSON.stringify({ ...template, uid: pupil.userId, createdAt: Date.now() }),
        'EX',
        ttl,
      );
      batch.sadd(`${prefix}user-sessions:${pupil.userId}`, sid);
    }
    await batch.exec();
  }
  // Every minted session must be one the gateway accepts: one poll per pupil would be a benchmark of its own, so
  // a sample answers (the real logins and a spread of minted ones).
  for (const pupil of [...real, ...pupils.filter((_, i) => i % 997 === 0)]) {
    const res = await pupil.call('GET', '/api/user-badges/summary');
    if (res.status !== 200) throw new Error(`pupil ${pupil.email}: summary ${res.status} ${res.text}`);
  }
  return { pupils, agents, seconds: (performance.now() - started) / 1000 };
}
