import { LIMITS } from '@mathgames/auth';
import {
  type ClassJoin,
  type ClassPupilsResponse,
  type CurrentUser,
  type LoginCardsResponse,
  PUPIL_SIGN_IN_LIMITS,
  type PupilSignInLinkResponse,
  type TeacherClassResponse,
  translate,
} from '@mathgames/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, useClassesStack } from './classes-stack.js';

// A whole school signs in through one NAT address.
const SCHOOL = '203.0.113.9';

let classId: number;
let pupils: ClassPupilsResponse['items'];

const linkPath = (pupilId: number) => `/api/classes/${classId}/pupils/${pupilId}/sign-in-link`;

async function linkSignIn(browser: Browser, secret: unknown) {
  return browser.post<CurrentUser & { code?: string; message?: string; field?: string }>(
    '/api/auth/pupil-link-login',
    { secret },
  );
}

const world = useClassesStack({ productionLimits: true }, ['Qr_Teacher', 'Qr_Other']);

beforeAll(async () => {
  const created = await world.teacher.post<TeacherClassResponse>('/api/classes', { name: '2-B', grade: 2 });
  classId = created.body.class.id;
  const added = await world.teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
    names: ['Ada', 'Bora', 'Cem'],
  });
  pupils = added.body.items;
}, 120_000);

describe('personal QR sign-in', () => {
  it('the teacher makes a link; it signs that pupil in directly; a new link retires the old; off means off', async () => {
    const pupil = pupils[0]!;
    const made = await world.teacher.post<PupilSignInLinkResponse>(linkPath(pupil.id));
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(translate('pupil_link_created', 'tr'));
    expect(made.body.secret.startsWith(`${pupil.id}.`)).toBe(true);

    const browser = world.stack.browser('tr', SCHOOL);
    const signedIn = await linkSignIn(browser, made.body.secret);
    expect(signedIn.status).toBe(200);
    expect((await browser.get<CurrentUser>('/api/auth/me')).body).toMatchObject({
      id: pupil.id,
      role: 'pupil',
    });

    const again = await world.teacher.post<PupilSignInLinkResponse>(linkPath(pupil.id));
    expect(again.body.secret).not.toBe(made.body.secret);
    const old = await linkSignIn(world.stack.browser('en', SCHOOL), made.body.secret);
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ field: 'secret', message: translate('pupil_link_invalid', 'en') });
    expect((await linkSignIn(world.stack.browser('tr', SCHOOL), again.body.secret)).status).toBe(200);

    const off = await world.teacher.delete(linkPath(pupil.id));
    expect(off.status).toBe(200);
    expect((await linkSignIn(world.stack.browser('tr', SCHOOL), again.body.secret)).status).toBe(401);
  });

  it('a card ends with the school year: refused with its own message, spending no budget; a reprint works', async () => {
    const pupil = pupils[2]!;
    const made = await world.teacher.post<PupilSignInLinkResponse>(linkPath(pupil.id));
    const { rows } = await world.stack.pool.query<{ ends: Date }>(
      'SELECT sign_in_link_expires_at AS ends FROM auth.pupil_credentials WHERE user_id = $1',
      [pupil.id],
    );
    // The next 1 September, midnight in Istanbul (21:00 UTC the day before).
    const ends = rows[0]!.ends;
    expect(ends.getTime()).toBeGreaterThan(Date.now());
    expect(ends.getTime() - Date.now()).toBeLessThanOrEqual(366 * 24 * 3_600_000);
    expect(ends.toISOString()).toMatch(/-08-31T21:00:00\.000Z$/);
    // The school year is over.
    await world.stack.pool.query(
      `UPDATE auth.pupil_credentials SET sign_in_link_expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [pupil.id],
    );
    // A whole class with last year's cards, more than the address budget: each is told, none is paused.
    for (let n = 0; n <= LIMITS.pupilLinkIp.points; n++) {
      const expired = await linkSignIn(world.stack.browser('en', SCHOOL), made.body.secret);
      expect(expired.status).toBe(401);
      expect(expired.body).toMatchObject({ field: 'secret', message: translate('pupil_link_expired', 'en') });
    }
    const reprinted = await world.teacher.post<PupilSignInLinkResponse>(linkPath(pupil.id));
    expect((await linkSignIn(world.stack.browser('tr', SCHOOL), reprinted.body.secret)).status).toBe(200);
  });

  it('only the class teacher makes or turns off links; a pupil cannot', async () => {
    const pupil = pupils[1]!;
    expect((await world.otherTeacher.post(linkPath(pupil.id))).status).toBe(404);
    expect((await world.otherTeacher.delete(linkPath(pupil.id))).status).toBe(404);
    const made = await world.teacher.post<PupilSignInLinkResponse>(linkPath(pupil.id));
    const browser = world.stack.browser('tr', SCHOOL);
    expect((await linkSignIn(browser, made.body.secret)).status).toBe(200);
    expect((await browser.post(linkPath(pupil.id))).status).toBe(404);
  });

  it('malformed secrets are a 400 naming the field; wrong secrets never pause the named pupil', async () => {
    const bad = await linkSignIn(world.stack.browser('en', SCHOOL), 'not-a-secret');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'secret', message: translate('pupil_link_invalid', 'en') });

    const victim = pupils[2]!;
    const made = await world.teacher.post<PupilSignInLinkResponse>(linkPath(victim.id));
    const guess = `${victim.id}.${'A'.repeat(32)}`;
    for (let i = 0; i <= PUPIL_SIGN_IN_LIMITS.pupilFailures; i++) {
      const wrong = await linkSignIn(world.stack.browser('en', SCHOOL), guess);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ field: 'secret', message: translate('pupil_link_invalid', 'en') });
    }
    expect((await linkSignIn(world.stack.browser('en', SCHOOL), made.body.secret)).status).toBe(200);
  });
});

describe('login cards', () => {
  async function picturesSignIn(
    browser: Browser,
    pupilId: number,
    pictures: readonly string[],
    code: string,
  ) {
    const roster = await browser.get<ClassJoin>(`/api/class-codes/${code}`);
    return browser.post('/api/auth/pupil-login', { ticket: roster.body.ticket, pupilId, pictures });
  }

  it("gives the chosen pupils new pictures and QR codes; the old card's pictures and QR stop working", async () => {
    const cls = await world.teacher.get<{ joinCode: string }>(`/api/classes/${classId}`);
    const code = cls.body.joinCode;
    const first = await world.teacher.post<LoginCardsResponse>(`/api/classes/${classId}/cards`, {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      className: '2-B',
      joinCode: code,
      message: translate('login_cards_ready', 'tr'),
    });
    expect(first.body.items.map((c) => c.name)).toEqual(['Ada', 'Bora', 'Cem']);

    const bora = first.body.items[1]!;
    const reprint = await world.teacher.post<LoginCardsResponse>(`/api/classes/${classId}/cards`, {
      pupilIds: [bora.pupilId],
    });
    expect(reprint.body.items).toHaveLength(1);
    const fresh = reprint.body.items[0]!;
    expect(fresh.secret).not.toBe(bora.secret);
    expect((await linkSignIn(world.stack.browser('tr', SCHOOL), bora.secret)).status).toBe(401);
    expect((await linkSignIn(world.stack.browser('tr', SCHOOL), fresh.secret)).status).toBe(200);
    expect(
      (await picturesSignIn(world.stack.browser('tr', SCHOOL), fresh.pupilId, fresh.pictures, code)).status,
    ).toBe(200);
    // Ada's card from the first print still works: only Bora's was replaced.
    const ada = first.body.items[0]!;
    expect(
      (await picturesSignIn(world.stack.browser('tr', SCHOOL), ada.pupilId, ada.pictures, code)).status,
    ).toBe(200);
  });

  it("another teacher, another class's pupil or a bad body never prints a card", async () => {
    expect((await world.otherTeacher.post(`/api/classes/${classId}/cards`, {})).status).toBe(404);
    const elsewhere = await world.otherTeacher.post<TeacherClassResponse>('/api/classes', {
      name: 'X',
      grade: 1,
    });
    const theirs = await world.otherTeacher.post<ClassPupilsResponse>(
      `/api/classes/${elsewhere.body.class.id}/pupils`,
      {
        names: ['Deniz'],
      },
    );
    const foreign = await world.teacher.post(`/api/classes/${classId}/cards`, {
      pupilIds: [theirs.body.items[0]!.id],
    });
    expect(foreign.status).toBe(404);
    const bad = await world.teacher.post<{ field?: string }>(`/api/classes/${classId}/cards`, {
      pupilIds: ['x'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toMatch(/^pupilIds/);
    const empty = await world.otherTeacher.post<TeacherClassResponse>('/api/classes', {
      name: 'Empty',
      grade: 1,
    });
    const none = await world.otherTeacher.post<LoginCardsResponse>(
      `/api/classes/${empty.body.class.id}/cards`,
      {},
    );
    expect(none.status).toBe(200);
    expect(none.body.items).toEqual([]);
  });
});
