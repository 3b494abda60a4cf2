import {
  type ClassPupilsResponse,
  PUPIL_PICTURE_NAMES,
  type StatisticsResponse,
  type TeacherClassList,
  type UserBadgeItem,
} from '@mathgames/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  playAdditionGame,
  type Stack,
  teacherCreatesClassThroughForm,
  teacherSignsUpThroughForm,
} from '../../frontend/e2e/harness/index.js';
import { renderKustomization } from '../../k8s/manifest-helpers.js';
import { missingServices } from '../scripts/local-services.js';
import { type ContainerStack, type Runner, startContainerStack } from './container-stack.js';

// `make image-test` (infra/image/image-test.sh) builds the image first and names it here.
const IMAGE = process.env.IMAGE ?? 'localhost/mathgames/app:local';
const OVERLAY = 'k8s/overlays/dev';
// `IMAGE_TEST_RUNNER=kube-play make image-test` starts the Deployments with `podman kube play` instead, and
// `IMAGE_TEST_RUNNER=compose` docker-compose.yml's services with podman-compose (docs/operations/image.md "The image").
const RUNNERS: Runner[] = ['podman-run', 'kube-play', 'compose'];
const RUNNER = RUNNERS.find((r) => r === process.env.IMAGE_TEST_RUNNER) ?? 'podman-run';

let containers: ContainerStack;
let browser: Browser;
/** What the e2e harness needs of a stack: the gateway's address and the captured mail. */
let stack: Stack;

const say = (line: string) => process.stdout.write(`[image] ${line}\n`);

beforeAll(async () => {
  const missing = await missingServices({
    Postgres: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    Redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    RabbitMQ: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  });
  if (missing.length > 0) throw new Error(missing.join('\n'));
  const objects = renderKustomization(OVERLAY);
  [containers, browser] = await Promise.all([startContainerStack(IMAGE, objects, RUNNER), launchBrowser()]);
  stack = {
    baseUrl: containers.baseUrl,
    mail: containers.mail,
    lang: 'en',
    env: {},
    logs: () => '',
    pids: () => ({}),
    stop: async () => {},
  };
  const what =
    RUNNER === 'compose'
      ? 'docker-compose.yml with infra/image/compose.podman.yml'
      : `the pod specs of ${OVERLAY}`;
  say(`${IMAGE}: ${what}, started by ${RUNNER}; probes of ${OVERLAY}; gateway at ${containers.baseUrl}`);
  say(`local to this run: ${containers.changed.join(', ')}`);
  say(`migrate Job: ${containers.migrate.seconds} s, attempt ${containers.migrate.attempts}`);
  for (const r of containers.ready) {
    const budget = r.withinStartupBudget ? 'within' : 'OVER';
    say(
      `ready ${r.name.padEnd(18)} ${String(r.seconds).padStart(5)} s  (${budget} its ${r.startupBudgetSeconds} s startup budget)`,
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await containers?.close();
});

describe('the image, run as the dev overlay says', () => {
  it('migrates with the Job and starts every Deployment, read-only, as uid 1000, without capabilities', async () => {
    expect(containers.migrate.output).toMatch(/migrated up: \d+|database up to date/);
    const deployments = containers.plans.filter((p) => p.kind === 'Deployment').map((p) => p.name);
    expect(containers.ready.map((r) => r.name).sort()).toEqual(deployments.sort());
    // What each main process got, seen from inside its container.
    for (const process of await containers.security()) {
      say(
        `${process.name.padEnd(18)} uid ${process.uid}:${process.gid}, capabilities ${process.capEff}, ` +
          `no-new-privileges ${process.noNewPrivs}, root ${process.rootReadOnly ? 'read-only' : 'WRITABLE'}, ` +
          `/tmp ${process.tmpWritable ? 'writable' : 'read-only'} (${process.tmpType})`,
      );
      expect(process, process.name).toMatchObject({
        uid: 1000,
        gid: 1000,
        capEff: '0000000000000000',
        noNewPrivs: true,
        rootReadOnly: true,
        tmpWritable: true,
      });
      // podman 4.3's kube play makes an in-memory emptyDir a volume on disk (docs/operations/image.md "The image").
      if (RUNNER !== 'kube-play') expect(process.tmpType, process.name).toBe('tmpfs');
    }
  });

  it('a guest plays a game in Turkish', async () => {
    const context = await newContext(browser, 'tr');
    const page = await context.newPage();
    await playAdditionGame(page, containers.baseUrl, {}, { guest: true });
    expect(await page.getByTestId('tile-correct').textContent()).toBe('5 / 5');
    await context.close();
  });

  it('a teacher signs up (the verification mail arrives), makes a class; a pupil signs in and plays, and the game counts in statistics, badges and class progress', async () => {
    const teacher = await newContext(browser, 'en');
    const page = await teacher.newPage();
    const suffix = Date.now().toString(36);
    const { email } = await teacherSignsUpThroughForm(stack, page, {
      prefix: 'teacher',
      suffix,
      labels: { register: 'Sign Up', teacher: 'I am a teacher' },
    });
    const verification = containers.mail.messages.find((m) => m.to.includes(email));
    expect(verification?.text).toMatch(/verify-email#token=/);
    say(`mail delivered over SMTP by mail-worker: "${verification?.subject}"`);

    await page.goto(`${containers.baseUrl}/teacher`);
    const labels = { className: 'Class name', grade: 'Grade', create: 'Create class' };
    const { code } = await teacherCreatesClassThroughForm(page, { name: '4-B', grade: 4, labels });
    const classes = (await (
      await page.request.get(`${containers.baseUrl}/api/classes`)
    ).json()) as TeacherClassList;
    const classId = classes.items.find((c) => c.joinCode === code)!.id;
    const added = await page.request.post(`${containers.baseUrl}/api/classes/${classId}/pupils`, {
      data: { names: ['Deniz'] },
    });
    expect(added.status()).toBe(201);
    const pupil = ((await added.json()) as ClassPupilsResponse).items[0]!;

    const child = await newContext(browser, 'en');
    const play = await child.newPage();
    await play.goto(`${containers.baseUrl}/class`);
    await play.getByTestId('class-code-form').locator('input').fill(code);
    await play.getByTestId('class-code-form').locator('button[type="submit"]').click();
    await play.getByRole('button', { name: pupil.name }).click();
    for (const picture of pupil.pictures!)
      await play.getByRole('button', { name: PUPIL_PICTURE_NAMES.en[picture], exact: true }).click();
    await play.waitForURL(`${containers.baseUrl}/`);
    await playAdditionGame(play, containers.baseUrl);

    const api = (path: string) => child.request.get(`${containers.baseUrl}${path}`).then((r) => r.json());
    await expect
      .poll(async () => ((await api('/api/statistics')) as StatisticsResponse).gameTypeStats.toplama)
      .toEqual({ correct: 5, total: 5, rate: 100 });
    await expect
      .poll(async () =>
        ((await api('/api/user-badges?category=toplama')) as UserBadgeItem[]).some((b) => b.progress > 0),
      )
      .toBe(true);
    await page.goto(`${containers.baseUrl}/teacher/classes/${classId}`);
    await expect
      .poll(() => page.locator('[data-testid="progress-row"] td:nth-of-type(1)').allTextContents())
      .toEqual(['5']);
    say('pupil game counted: statistics 5/5, badge progress, class progress 5 questions');
    await child.close();
    await teacher.close();
  });

  it('every container stayed live, and each stops on SIGTERM within its grace period', async () => {
    const health = await containers.health();
    for (const h of health) {
      expect(h.running, `${h.name} running`).toBe(true);
      expect(h.longestFailureRun, `${h.name} liveness failures in a row`).toBeLessThan(h.failureThreshold);
    }
    const stopped = await containers.stop();
    for (const s of stopped)
      say(`stopped ${s.name.padEnd(18)} exit ${s.exitCode} after ${s.seconds} s (grace ${s.graceSeconds} s)`);
    // Past the grace period podman sends SIGKILL (exit 137): 0 means the process drained and exited on its own.
    expect(stopped.filter((s) => s.exitCode !== 0).map((s) => `${s.name}: ${s.exitCode}`)).toEqual([]);
  });
});
