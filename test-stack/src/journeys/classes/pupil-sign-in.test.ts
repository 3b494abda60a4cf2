import {
  type ClassJoin,
  type ClassPupil,
  type ClassPupilsResponse,
  type CurrentUser,
  PICTURE_PASSWORD_LENGTH,
  type PicturePassword,
  PUPIL_PICTURES,
  PUPIL_SIGN_IN_LIMITS,
  type TeacherClassResponse,
  translate,
} from '@mathgames/contracts';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, useClassesStack } from './classes-stack.js';

// Every pupil of the school comes through one NAT address, forwarded by the proxy in front of the gateway.
const SCHOOL = '203.0.113.7';

let classId: number;
let joinCode: string;
let pupils: ClassPupil[];

const wrong = (right: readonly string[]): PicturePassword => {
  const others = PUPIL_PICTURES.filter((p) => !right.includes(p));
  return [others[0]!, others[1]!];
};

async function join(browser: Browser, code: string) {
  return browser.get<ClassJoin>(`/api/classes/join/${code}`);
}

async function signIn(browser: Browser, pupil: ClassPupil, pictures: readonly string[], code = joinCode) {
  const roster = await join(browser, code);
  expect(roster.status).toBe(200);
  return browser.post<CurrentUser & { code?: string; message?: string; field?: string }>(
    '/api/auth/pupil-login',
    {
      ticket: roster.body.ticket,
      pupilId: pupil.id,
      pictures,
    },
  );
}

const world = useClassesStack({ productionLimits: true }, ['Sign_In_Teacher', 'Other_Sign_In']);

beforeAll(async () => {
  const created = await world.teacher.post<TeacherClassResponse>('/api/classes', { name: '1-A', grade: 1 });
  classId = created.body.class.id;
  joinCode = created.body.class.joinCode;
  const added = await world.teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
    names: Array.from({ length: 35 }, (_, i) => `Pupil ${String(i + 1).padStart(2, '0')}`),
  });
  expect(added.status).toBe(201);
  pupils = added.body.items;
}, 120_000);

describe('the class code', () => {
  it('opens the roster (names and how many pictures to tap) whatever the case and dashes a child types', async () => {
    const typed = `${joinCode.slice(0, 3).toLowerCase()}-${joinCode.slice(3)}`;
    const roster = await join(world.stack.browser('tr', SCHOOL), typed);
    expect(roster.status).toBe(200);
    expect(roster.body.className).toBe('1-A');
    expect(roster.body.pupils).toHaveLength(35);
    expect(Object.keys(roster.body.pupils[0]!).sort()).toEqual(['id', 'name', 'pictureCount']);
    expect(roster.body.pupils.every((p) => p.pictureCount === PICTURE_PASSWORD_LENGTH)).toBe(true);
  });

  it('an unknown, closed or archived class answers the same 404, in the caller language', async () => {
    const unknown = await join(world.stack.browser('en'), 'ZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: translate('class_code_unknown', 'en') });
    expect((await join(world.stack.browser(), 'abc')).status).toBe(404);
    const other = await world.teacher.post<TeacherClassResponse>('/api/classes', {
      name: 'Closed',
      grade: 2,
    });
    await world.teacher.patch(`/api/classes/${other.body.class.id}`, { joiningOpen: false });
    expect((await join(world.stack.browser(), other.body.class.joinCode)).status).toBe(404);
    await world.teacher.patch(`/api/classes/${other.body.class.id}`, { joiningOpen: true, archived: true });
    expect((await join(world.stack.browser(), other.body.class.joinCode)).status).toBe(404);
  });
});

describe('pupil sign-in', () => {
  it('35 pupils of one class sign in from one address within a minute without a 429, each as themselves', async () => {
    const started = Date.now();
    const results = await Promise.all(
      pupils.map(async (pupil) => {
        const browser = world.stack.browser('tr', SCHOOL);
        const res = await signIn(browser, pupil, pupil.pictures!);
        const me = await browser.get<CurrentUser>('/api/auth/me');
        return { status: res.status, me: me.body, pupil };
      }),
    );
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
    for (const { me, pupil } of results) {
      expect(me).toMatchObject({ id: pupil.id, role: 'pupil', email: null, displayName: pupil.name });
    }
  });

  it('wrong pictures pause that pupil after a handful of tries; others are unaffected; the teacher unlocks', async () => {
    const [victim, neighbour] = [pupils[0]!, pupils[1]!];
    const browser = world.stack.browser('en', SCHOOL);
    for (let i = 1; i < PUPIL_SIGN_IN_LIMITS.pupilFailures; i++) {
      const res = await signIn(browser, victim, wrong(victim.pictures!));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ field: 'pictures', message: translate('pupil_pictures_wrong', 'en') });
    }
    const last = await signIn(browser, victim, wrong(victim.pictures!));
    expect(last.status).toBe(429);
    expect(last.body.message).toBe(translate('pupil_locked', 'en', { minutes: 5 }));
    // Even the right pictures wait now.
    expect((await signIn(browser, victim, victim.pictures!)).status).toBe(429);
    // The neighbour at the next desk signs in as usual.
    expect((await signIn(world.stack.browser('tr', SCHOOL), neighbour, neighbour.pictures!)).status).toBe(
      200,
    );

    expect((await world.otherTeacher.post(`/api/classes/${classId}/pupils/${victim.id}/unlock`)).status).toBe(
      404,
    );
    expect((await signIn(browser, victim, victim.pictures!)).status).toBe(429);
    const unlocked = await world.teacher.post(`/api/classes/${classId}/pupils/${victim.id}/unlock`);
    expect(unlocked.status).toBe(200);
    expect((await signIn(browser, victim, victim.pictures!)).status).toBe(200);
  });

  it("a ticket of another class, or a forged one, never signs in this class's pupil", async () => {
    const pupil = pupils[2]!;
    const other = await world.otherTeacher.post<TeacherClassResponse>('/api/classes', {
      name: 'Elsewhere',
      grade: 3,
    });
    const browser = world.stack.browser('tr', SCHOOL);
    const res = await signIn(browser, pupil, pupil.pictures!, other.body.class.joinCode);
    expect(res.status).toBe(401);
    const forged = await browser.post('/api/auth/pupil-login', {
      ticket: `${classId}.${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
      pupilId: pupil.id,
      pictures: pupil.pictures,
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ field: 'ticket', message: translate('join_ticket_invalid', 'tr') });
    const bad = await browser.post('/api/auth/pupil-login', {
      ticket: 'x',
      pupilId: pupil.id,
      pictures: ['sun'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('pictures');
  });

  it("a signed-in pupil cannot read or change the teacher's class", async () => {
    const pupil = pupils[3]!;
    const browser = world.stack.browser('tr', SCHOOL);
    expect((await signIn(browser, pupil, pupil.pictures!)).status).toBe(200);
    expect((await browser.get(`/api/classes/${classId}`)).status).toBe(404);
    expect((await browser.get(`/api/classes/${classId}/pupils`)).status).toBe(404);
    expect((await browser.post(`/api/classes/${classId}/pupils/${pupil.id}/unlock`)).status).toBe(404);
    expect((await browser.post('/api/classes', { name: 'Mine', grade: 1 })).status).toBe(403);
  });

  it('a pupil saves their profile without any e-mail field, and cannot give their account an address', async () => {
    const pupil = pupils[6]!;
    const browser = world.stack.browser('en', SCHOOL);
    expect((await signIn(browser, pupil, pupil.pictures!)).status).toBe(200);
    const saved = await browser.post<{ user: CurrentUser }>('/api/profile/update', {
      displayName: 'Star Pupil',
      about: 'I like fractions',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ displayName: 'Star Pupil', email: null, role: 'pupil' });
    const withAddress = await browser.post<{ field?: string; message?: string }>('/api/profile/update', {
      displayName: 'Star Pupil',
      email: 'kid@example.com',
      currentPassword: 'anything1',
    });
    expect(withAddress.status).toBe(403);
    expect(withAddress.body).toMatchObject({ field: 'email', message: translate('forbidden', 'en') });
    expect((await browser.get<CurrentUser>('/api/auth/me')).body.email).toBeNull();
  });
});

// Shared devices: a class code means a classroom computer the next class uses.
describe('a pupil signed in with a class code', () => {
  async function pupilLogin(pupil: ClassPupil, extra: Record<string, unknown> = {}) {
    const roster = await join(world.stack.browser('tr', SCHOOL), joinCode);
    const res = await fetch(new URL('/api/auth/pupil-login', world.stack.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': SCHOOL },
      body: JSON.stringify({
        ticket: roster.body.ticket,
        pupilId: pupil.id,
        pictures: pupil.pictures,
        ...extra,
      }),
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('mg.sid='));
    expect(setCookie).toBeDefined();
    const value = setCookie!.split(';', 1)[0]!.slice('mg.sid='.length);
    const key = `${world.stack.env.REDIS_PREFIX}sess:${decodeURIComponent(value).slice(2).split('.')[0]}`;
    const redis = new Redis(world.stack.env.REDIS_URL!);
    try {
      return { setCookie: setCookie!, ttl: await redis.ttl(key) };
    } finally {
      redis.disconnect();
    }
  }

  it('gets a shared-computer session by default: browser-session cookie, 30 minutes idle', async () => {
    const { setCookie, ttl } = await pupilLogin(pupils[4]!);
    expect(setCookie).not.toMatch(/max-age|expires/i);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30 * 60);
  });

  it('keeps a persistent session only when the shared-computer option is turned off', async () => {
    const { setCookie, ttl } = await pupilLogin(pupils[5]!, { sharedDevice: false });
    expect(setCookie).toMatch(/expires/i);
    expect(ttl).toBeGreaterThan(86_400);
  });
});
