import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { MAIL_QUEUE } from '@mathgames/contracts';
import { MAIL_WORKER_CONCURRENCY, sentMarkerKey } from '@mathgames/mail';
import { createQueue } from '@mathgames/platform';
import { type CapturedMail, parseMail, waitFor } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../deployables.js';
import { type AuthStack, startAuthStack } from './auth-stack.js';

const USERS = 30;
/**
 * The worker's job lock (MAIL_JOB_LOCK_SECONDS; 30 s in production): the jobs a killed worker held come back once
 * their locks expire and the next worker's stalled-job check, run as often, finds them, within about twice this.
 * What the test shows (nothing lost, each sent once) does not depend on how long that takes; 10 s still outlasts
 * any pause of a worker on a loaded machine between two renewals (every 5 s), so a live worker never loses a job.
 */
const JOB_LOCK_SECONDS = 10;

/**
 * A real SMTP receiver with a gate: while closed, new transactions wait at MAIL FROM (before any message
 * content is sent), so the test can kill the worker with transactions in flight but none half-accepted.
 */
async function startGatedSmtp() {
  const messages: CapturedMail[] = [];
  const held: Array<(err?: Error) => void> = [];
  let closed = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (closed) held.push(callback);
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), { from: '', to }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    held,
    closeGate() {
      closed = true;
    },
    openGate() {
      closed = false;
      // The held transactions belonged to the killed worker; refuse them so their sockets end.
      for (const callback of held.splice(0)) callback(new Error('worker gone'));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let smtp: Awaited<ReturnType<typeof startGatedSmtp>>;
let stack: AuthStack;
const children: ChildProcess[] = [];

function startWorkerProcess(): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'services/mail/src/worker.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...stack.env,
        SMTP_URL: smtp.url,
        PORT: '0',
        LOG_LEVEL: 'warn',
        MAIL_JOB_LOCK_SECONDS: String(JOB_LOCK_SECONDS),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

beforeAll(async () => {
  smtp = await startGatedSmtp();
  stack = await startAuthStack({ mailWorker: false, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await stack?.close();
  await smtp?.close();
});

describe('the mail worker', () => {
  it('loses no e-mail when killed mid-run, and sends each exactly once after a restart', {
    timeout: 180_000,
  }, async () => {
    const emails = Array.from({ length: USERS }, (_, i) => `pupil${i}@example.com`);
    for (const [i, email] of emails.entries()) {
      const reply = await stack.direct(
        'POST',
        '/api/auth/register',
        { ip: `10.5.${i}.1` },
        {
          username: `pupil${i}`,
          email,
          password: 'secret1',
        },
      );
      expect(reply.status).toBe(201);
    }
    // Every mail is a job in Redis before any worker runs.
    const queue = createQueue(MAIL_QUEUE, {
      redisUrl: stack.env.REDIS_URL!,
      prefix: stack.env.REDIS_PREFIX!,
    });
    const redis = new Redis(stack.env.REDIS_URL!);
    try {
      await waitFor(async () => (await queue.getWaitingCount()) === USERS, { timeoutMs: 15_000 });

      const first = startWorkerProcess();
      await waitFor(() => smtp.messages.length >= 3, { timeoutMs: 30_000, intervalMs: 5 });
      smtp.closeGate();
      // Kill when every worker slot is stuck in a transaction and every accepted mail is recorded as sent.
      await waitFor(
        async () =>
          smtp.held.length === MAIL_WORKER_CONCURRENCY &&
          (await redis.keys(sentMarkerKey(stack.env.REDIS_PREFIX!, '*', '*'))).length ===
            smtp.messages.length,
        { timeoutMs: 30_000, intervalMs: 5 },
      );
      first.kill('SIGKILL');
      expect(await exited(first)).toEqual({ code: null, signal: 'SIGKILL' });
      const deliveredBeforeKill = smtp.messages.length;
      console.log(
        `mail worker killed after ${deliveredBeforeKill} of ${USERS} mails, ${smtp.held.length} in flight`,
      );
      expect(deliveredBeforeKill).toBeLessThan(USERS);
      smtp.openGate();

      // The jobs the dead worker held are recovered once their locks expire (BullMQ stalled-job check, JOB_LOCK_SECONDS).
      const second = startWorkerProcess();
      await waitFor(async () => (await queue.getCompletedCount()) === USERS, {
        timeoutMs: 150_000,
        intervalMs: 200,
      });
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      expect(counts).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: USERS });

      const recipients = smtp.messages.flatMap((m) => m.to).sort();
      expect(recipients).toEqual([...emails].sort());
      const messageIds = new Set(smtp.messages.map((m) => m.headers['message-id']));
      expect(messageIds.size).toBe(USERS);

      // A clean stop on SIGTERM.
      second.kill('SIGTERM');
      expect(await exited(second)).toEqual({ code: 0, signal: null });
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });
});
