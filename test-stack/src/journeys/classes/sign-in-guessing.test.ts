// Guessing at a class's sign-in never locks the real child out, an outside address cannot pause
// the school, tickets die with the code and every pupil session is a shared-device one (the join lookup:
// join-lookup.test.ts).
import {
  type ClassJoin,
  type ClassPupil,
  type ClassPupilsResponse,
  type ClassSignInTrouble,
  type CurrentUser,
  type PicturePassword,
  PUPIL_PICTURES,
  PUPIL_SIGN_IN_LIMITS,
  type PupilSignInLinkResponse,
  type TeacherClassResponse,
  translate,
} from '@mathgames/contracts';
import { waitFor } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, useClassesStack } from './classes-stack.js';

// The school's pupils come through one NAT address; the attacker through another (or many).
const SCHOOL = '203.0.113.21';
const ATTACKER = '198.51.100.66';

type Answer = CurrentUser & { code?: string; message?: string; field?: string };

let classId: number;
let joinCode: string;
let pupils: ClassPupil[];
let otherClassPupil: ClassPupil;
let otherJoinCode: string;

const wrong = (right: readonly string[]): PicturePassword => {
  const others = PUPIL_PICTURES.filter((p) => !right.includes(p));
  return [others[0]!, others[1]!] as PicturePassword;
};

async function ticketOf(browser: Browser, code: string) {
  const roster = await browser.get<ClassJoin>(`/api/class-codes/${code}`);
  expect(roster.status).toBe(200);
  return roster.body.ticket;
}

function picturesSignIn(browser: Browser, ticket: string, pupilId: number, pictures: readonly string[]) {
  return browser.post<Answer>('/api/auth/pupil-login', { ticket, pupilId, pictures });
}

function linkSignIn(browser: Browser, secret: string) {
  return browser.post<Answer>('/api/auth/pupil-link-login', { secret });
}

const world = useClassesStack({ productionLimits: true }, ['Guess_Teacher', 'Guess_Other']);

beforeAll(async () => {
  const created = await world.teacher.post<TeacherClassResponse>('/api/classes', { name: '3-C', grade: 3 });
  classId = created.body.class.id;
  joinCode = created.body.class.joinCode;
  const added = await world.teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
    names: ['Ada', 'Bora', 'Cem', 'Deniz', 'Ece', 'Filiz'],
  });
  pupils = added.body.items;
  const other = await world.otherTeacher.post<TeacherClassResponse>('/api/classes', {
    name: '4-D',
    grade: 4,
  });
  otherJoinCode = other.body.class.joinCode;
  const otherAdded = await world.otherTeacher.post<ClassPupilsResponse>(
    `/api/classes/${other.body.class.id}/pupils`,
    { names: ['Gül'] },
  );
  otherClassPupil = otherAdded.body.items[0]!;
  // The class has signed in at school before: the school's address is a place the class knows.
  const first = world.stack.browser('tr', SCHOOL);
  expect(
    (await picturesSignIn(first, await ticketOf(first, joinCode), pupils[0]!.id, pupils[0]!.pictures!))
      .status,
  ).toBe(200);
}, 120_000);

describe('item 1: guesses at a QR secret', () => {
  it('never lock the pupil out: the real pupil signs in while and after an outsider guesses at their id', async () => {
    const victim = pupils[1]!;
    const made = await world.teacher.post<PupilSignInLinkResponse>(
      `/api/classes/${classId}/pupils/${victim.id}/sign-in-link`,
    );
    const attacker = world.stack.browser('en', ATTACKER);
    const guess = (i: number) => `${victim.id}.${String(i).padStart(32, 'A')}`;
    const attack = (async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) statuses.push((await linkSignIn(attacker, guess(i))).status);
      return statuses;
    })();
    const during = await linkSignIn(world.stack.browser('tr', SCHOOL), made.body.secret);
    const statuses = await attack;
    expect(during.status).toBe(200);
    // The attacker's address runs out of tries; no answer ever says "this pupil is paused".
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
    const after = world.stack.browser('tr', SCHOOL);
    expect((await linkSignIn(after, made.body.secret)).status).toBe(200);
    expect((await after.get<CurrentUser>('/api/auth/me')).body.id).toBe(victim.id);
    // Nor are the pupil's pictures paused.
    expect(
      (await picturesSignIn(after, await ticketOf(after, joinCode), victim.id, victim.pictures!)).status,
    ).toBe(200);
  });

  it('answer the same for a pupil id and an id that is no pupil (no oracle)', async () => {
    const from = (n: number) => world.stack.browser('en', `198.51.100.${n}`);
    const pupilAnswers: Answer[] = [];
    const strangerAnswers: Answer[] = [];
    for (let i = 0; i < PUPIL_SIGN_IN_LIMITS.pupilFailures + 1; i++) {
      pupilAnswers.push((await linkSignIn(from(70), `${pupils[2]!.id}.${'B'.repeat(32)}`)).body);
      strangerAnswers.push((await linkSignIn(from(71), `${classId + 900_000_000}.${'B'.repeat(32)}`)).body);
    }
    expect(pupilAnswers).toEqual(strangerAnswers);
    expect(pupilAnswers.at(-1)).toMatchObject({
      field: 'secret',
      message: translate('pupil_link_invalid', 'en'),
    });
  });
});

describe('item 1: the budget of all addresses', () => {
  it('once spent by a flood, refuses nobody for it: a right card always signs in, a school with an old card too', async () => {
    const pupil = pupils[2]!;
    const made = await world.teacher.post<PupilSignInLinkResponse>(
      `/api/classes/${classId}/pupils/${pupil.id}/sign-in-link`,
    );
    const { Redis } = await import('ioredis');
    const redis = new Redis(world.stack.env.REDIS_URL!);
    const { AbuseLimits, LIMITS } = await Promise.all([
      import('@mathgames/auth/testing'),
      import('@mathgames/auth'),
    ]).then(([testing, auth]) => ({ AbuseLimits: testing.AbuseLimits, LIMITS: auth.LIMITS }));
    const limits = new AbuseLimits(redis, world.stack.env.REDIS_PREFIX!, world.stack.env.INTERNAL_SECRET!);
    try {
      for (let i = 0; i < LIMITS.pupilLinkAll.points; i += 100)
        await Promise.all(Array.from({ length: 100 }, () => limits.consume({ pupilLinkAll: 'all' })));
      // A flooder's wrong secret is answered 401, slowly; its right one (were it to hold one) is served.
      const flooder = world.stack.browser('en', '198.51.100.90');
      const startedAt = Date.now();
      expect((await linkSignIn(flooder, `${pupil.id}.${'C'.repeat(32)}`)).status).toBe(401);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
      expect((await linkSignIn(flooder, made.body.secret)).status).toBe(200);
      // A school where one child scanned an old card first: the right card signs in.
      const school = world.stack.browser('tr', '203.0.113.45');
      expect((await linkSignIn(school, `${pupil.id}.${'D'.repeat(32)}`)).status).toBe(401);
      expect((await linkSignIn(school, made.body.secret)).status).toBe(200);
      // An address past its own budget of wrong secrets is refused them, yet a right card from it is served.
      const spent = world.stack.browser('en', '198.51.100.91');
      for (let i = 0; i < LIMITS.pupilLinkIp.points; i++)
        await limits.consume({ pupilLinkIp: '198.51.100.91' });
      expect((await linkSignIn(spent, `${pupil.id}.${'E'.repeat(32)}`)).status).toBe(429);
      expect((await linkSignIn(spent, made.body.secret)).status).toBe(200);
    } finally {
      await limits.reset({ pupilLinkAll: 'all' });
      redis.disconnect();
    }
  });
});

describe('item 2: wrong pictures from an outside address', () => {
  it('pause only that address: the school keeps signing in while 61 guesses run, even naming other classes', async () => {
    const attacker = world.stack.browser('en', ATTACKER);
    const ticket = await ticketOf(attacker, joinCode);
    const targets = [otherClassPupil.id, 999_999_999, ...pupils.slice(3).map((p) => p.id)];
    const attack = (async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 61; i++) {
        const id = targets[i % targets.length]!;
        answers.push((await picturesSignIn(attacker, ticket, id, wrong([]))).body);
      }
      return answers;
    })();
    const pupil = pupils[2]!;
    const school = world.stack.browser('tr', SCHOOL);
    const during = await picturesSignIn(school, await ticketOf(school, joinCode), pupil.id, pupil.pictures!);
    const answers = await attack;
    expect(during.status).toBe(200);
    expect(answers.at(-1)).toMatchObject({ code: 'class_sign_in_paused' });
    // After the attack, every pupil of the class still signs in from school.
    for (const p of pupils.slice(3)) {
      const b = world.stack.browser('tr', SCHOOL);
      expect((await picturesSignIn(b, await ticketOf(b, joinCode), p.id, p.pictures!)).status).toBe(200);
    }
    // The other class's pupil was named with this class's ticket: it counted against nobody in their class.
    const g = world.stack.browser('tr', '203.0.113.99');
    expect(
      (
        await picturesSignIn(
          g,
          await ticketOf(g, otherJoinCode),
          otherClassPupil.id,
          otherClassPupil.pictures!,
        )
      ).status,
    ).toBe(200);
  });

  it('the teacher sees the trouble by place (outside the school), and one click resets it with a new code', async () => {
    const trouble = await world.teacher.get<ClassSignInTrouble>(`/api/classes/${classId}/sign-in-trouble`);
    expect(trouble.status).toBe(200);
    const outside = trouble.body.places.filter((p) => !p.inside);
    expect(outside.length).toBeGreaterThan(0);
    expect(outside[0]!.failures).toBeGreaterThanOrEqual(PUPIL_SIGN_IN_LIMITS.outsideFailures);
    expect(outside[0]!.pausedUntil).not.toBeNull();
    expect(JSON.stringify(trouble.body)).not.toContain(ATTACKER);
    expect((await world.otherTeacher.get(`/api/classes/${classId}/sign-in-trouble`)).status).toBe(404);

    const oldCode = joinCode;
    const oldTicket = await ticketOf(world.stack.browser('tr', SCHOOL), joinCode);
    const reset = await world.teacher.post<TeacherClassResponse>(
      `/api/classes/${classId}/sign-in-trouble/reset`,
    );
    expect(reset.status).toBe(200);
    expect(reset.body.class.joinCode).not.toBe(joinCode);
    const pupil = pupils[0]!;
    const stale = await picturesSignIn(
      world.stack.browser('tr', SCHOOL),
      oldTicket,
      pupil.id,
      pupil.pictures!,
    );
    expect(stale).toMatchObject({ status: 401, body: { field: 'ticket' } });
    joinCode = reset.body.class.joinCode;
    const after = await world.teacher.get<ClassSignInTrouble>(`/api/classes/${classId}/sign-in-trouble`);
    expect(after.body.places).toEqual([]);
    // The old code, seen by the attacker, opens nothing any more.
    expect((await world.stack.browser('en', ATTACKER).get(`/api/class-codes/${oldCode}`)).status).toBe(404);
  });

  it('a pupil pause doubles each time (5, then 10 minutes), counted only within the own class', async () => {
    const victim = pupils[4]!;
    const school = world.stack.browser('en', SCHOOL);
    const ticket = await ticketOf(school, joinCode);
    const fiveWrong = async () => {
      let last: Answer | undefined;
      for (let i = 0; i < PUPIL_SIGN_IN_LIMITS.pupilFailures; i++)
        last = (await picturesSignIn(school, ticket, victim.id, wrong(victim.pictures!))).body;
      return last!;
    };
    expect(await fiveWrong()).toMatchObject({ message: translate('pupil_locked', 'en', { minutes: 5 }) });
    // Five minutes pass (the pause is moved into the past rather than waited out).
    await world.stack.pool.query(
      'UPDATE auth.pupil_credentials SET locked_until = now() WHERE user_id = $1',
      [victim.id],
    );
    expect(await fiveWrong()).toMatchObject({ message: translate('pupil_locked', 'en', { minutes: 10 }) });
    expect((await world.teacher.post(`/api/classes/${classId}/pupils/${victim.id}/unlock`)).status).toBe(200);
    expect((await picturesSignIn(school, ticket, victim.id, victim.pictures!)).status).toBe(200);
  });
});

describe('item 3: join tickets', () => {
  it('stop working when the teacher changes the code or closes joining', async () => {
    const pupil = pupils[5]!;
    const school = world.stack.browser('tr', SCHOOL);
    const before = await ticketOf(school, joinCode);
    const rotated = await world.teacher.post<TeacherClassResponse>(`/api/classes/${classId}/join-code`);
    joinCode = rotated.body.class.joinCode;
    const stale = await picturesSignIn(school, before, pupil.id, pupil.pictures!);
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ field: 'ticket', message: translate('join_ticket_invalid', 'tr') });

    const open = await ticketOf(school, joinCode);
    await world.teacher.patch(`/api/classes/${classId}`, { joiningOpen: false });
    expect((await picturesSignIn(school, open, pupil.id, pupil.pictures!)).status).toBe(401);
    await world.teacher.patch(`/api/classes/${classId}`, { joiningOpen: true });
    const fresh = await ticketOf(school, joinCode);
    expect((await picturesSignIn(school, fresh, pupil.id, pupil.pictures!)).status).toBe(200);
  });

  it('a ticket the old code gave while the new code was being written dies with it too', async () => {
    const pupil = pupils[5]!;
    const school = world.stack.browser('tr', SCHOOL);
    const epoch = async () =>
      (
        await world.stack.pool.query<{ after: Date | null }>(
          'SELECT tickets_valid_after AS after FROM auth.class_ticket_epochs WHERE class_id = $1',
          [classId],
        )
      ).rows[0]?.after?.getTime() ?? 0;
    const retiredBefore = await epoch();
    // The class row is held, so the rotation stops between retiring the tickets and writing the new code.
    const holder = await world.stack.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM classes.classes WHERE id = $1 FOR UPDATE', [classId]);
      const rotating = world.teacher.post<TeacherClassResponse>(`/api/classes/${classId}/join-code`);
      await waitFor(async () => (await epoch()) > retiredBefore, { message: 'tickets retired first' });
      await waitFor(
        async () =>
          (
            await world.stack.pool.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE classes.classes%'`,
            )
          ).rowCount === 1,
        { message: 'the new code waiting' },
      );
      // The old code still answers: its ticket is newer than the first retirement.
      const during = await ticketOf(school, joinCode);
      await holder.query('COMMIT');
      const rotated = await rotating;
      expect(rotated.status).toBe(200);
      joinCode = rotated.body.class.joinCode;
      expect((await picturesSignIn(school, during, pupil.id, pupil.pictures!)).status).toBe(401);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
    }
    const fresh = await ticketOf(school, joinCode);
    expect((await picturesSignIn(school, fresh, pupil.id, pupil.pictures!)).status).toBe(200);
  });
});

describe('item 5: picture passwords', () => {
  it('are three of twelve; a card printed with two keeps working, and the teacher is told to reprint it', async () => {
    const added = await world.teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
      names: ['Old Card'],
    });
    const pupil = added.body.items[0]!;
    expect(pupil.pictures).toHaveLength(3);
    expect(PUPIL_PICTURES).toHaveLength(12);
    // A card printed before three pictures: two of the first nine, hashed as auth always has.
    const { hashPassword } = await import('@mathgames/auth/testing');
    const old = ['moon', 'fish'] as const;
    await world.stack.pool.query('UPDATE auth.pupil_credentials SET picture_hash = $2 WHERE user_id = $1', [
      pupil.id,
      await hashPassword(old.join(':')),
    ]);
    await world.stack.pool.query('UPDATE classes.pupils SET picture_count = 2 WHERE user_id = $1', [
      pupil.id,
    ]);

    const school = world.stack.browser('tr', SCHOOL);
    const roster = await school.get<ClassJoin>(`/api/class-codes/${joinCode}`);
    // The roster says nothing about cards; the picture step asks with its ticket (0042).
    expect(roster.body.pupils.every((p) => Object.keys(p).sort().join() === 'id,name')).toBe(true);
    const cardOf = (ticket: string, pupilId: number) =>
      school.post<{ pictureCount?: number; code?: string }>('/api/classes/pupil-card', { ticket, pupilId });
    expect((await cardOf(roster.body.ticket, pupil.id)).body.pictureCount).toBe(2);
    expect((await cardOf(roster.body.ticket, pupils[0]!.id)).body.pictureCount).toBe(3);
    expect((await cardOf('1.1234567890123.x', pupil.id)).status).toBe(401);
    expect((await cardOf(roster.body.ticket, otherClassPupil.id)).status).toBe(401);
    // Before TWO_PICTURE_CARDS_END a two-picture card still signs in (after it: pupil_card_expired).
    expect((await picturesSignIn(school, roster.body.ticket, pupil.id, old)).status).toBe(200);
    const list = await world.teacher.get<{ items: ClassPupil[] }>(`/api/classes/${classId}/pupils`);
    expect(list.body.items.filter((p) => p.oldCard).map((p) => p.id)).toEqual([pupil.id]);

    // Reprinted: three pictures, the old two stop working, the notice goes.
    const cards = await world.teacher.post<{ items: { pupilId: number; pictures: string[] }[] }>(
      `/api/classes/${classId}/cards`,
      { pupilIds: [pupil.id] },
    );
    expect(cards.body.items[0]!.pictures).toHaveLength(3);
    const again = world.stack.browser('tr', SCHOOL);
    expect((await picturesSignIn(again, await ticketOf(again, joinCode), pupil.id, old)).status).toBe(401);
    expect(
      (await picturesSignIn(again, await ticketOf(again, joinCode), pupil.id, cards.body.items[0]!.pictures))
        .status,
    ).toBe(200);
    const after = await world.teacher.get<{ items: ClassPupil[] }>(`/api/classes/${classId}/pupils`);
    expect(after.body.items.some((p) => p.oldCard)).toBe(false);
  });
});

describe('item 4: a pupil signed in by QR code', () => {
  it('gets the shared-device session: browser-session cookie, 30 minutes idle', async () => {
    const pupil = pupils[3]!;
    const made = await world.teacher.post<PupilSignInLinkResponse>(
      `/api/classes/${classId}/pupils/${pupil.id}/sign-in-link`,
    );
    const res = await fetch(new URL('/api/auth/pupil-link-login', world.stack.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': SCHOOL },
      body: JSON.stringify({ secret: made.body.secret }),
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('mg.sid='));
    expect(setCookie).toBeDefined();
    expect(setCookie).not.toMatch(/max-age|expires/i);
    const value = setCookie!.split(';', 1)[0]!.slice('mg.sid='.length);
    const key = `${world.stack.env.REDIS_PREFIX}sess:${decodeURIComponent(value).slice(2).split('.')[0]}`;
    const redis = new Redis(world.stack.env.REDIS_URL!);
    try {
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30 * 60);
    } finally {
      redis.disconnect();
    }
  });
});
