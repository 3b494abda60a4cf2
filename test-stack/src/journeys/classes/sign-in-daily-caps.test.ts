// Daily caps on wrong picture tries (docs/decisions/0042-picture-password-daily-caps.md): per pupil, not reset by
// the child's own sign-in; per class from places outside the school, all together, shown to the teacher.
import {
  type ClassJoin,
  type ClassPupilsResponse,
  type ClassSignInTrouble,
  type CurrentUser,
  type PicturePassword,
  PUPIL_PICTURES,
  PUPIL_SIGN_IN_LIMITS,
  type PupilSignInLinkResponse,
  type TeacherClassResponse,
  TWO_PICTURE_CARDS_END,
  translate,
} from '@mathgames/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type Browser, useClassesStack } from './classes-stack.js';

type Answer = CurrentUser & { code?: string; message?: string; field?: string };

const wrong = (right: readonly string[]): PicturePassword => {
  const others = PUPIL_PICTURES.filter((p) => !right.includes(p));
  return [others[0]!, others[1]!, others[2]!] as PicturePassword;
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

const world = useClassesStack({ productionLimits: true }, ['Caps_Teacher']);

describe('daily caps on wrong pictures', () => {
  /** A class of its own with `names`, whose pupils signed in from `school` once (it is inside). */
  async function newClass(name: string, names: string[], school: string) {
    const created = await world.teacher.post<TeacherClassResponse>('/api/classes', { name, grade: 3 });
    const added = await world.teacher.post<ClassPupilsResponse>(
      `/api/classes/${created.body.class.id}/pupils`,
      {
        names,
      },
    );
    const code = created.body.class.joinCode;
    const first = world.stack.browser('tr', school);
    const p0 = added.body.items[0]!;
    expect((await picturesSignIn(first, await ticketOf(first, code), p0.id, p0.pictures!)).status).toBe(200);
    return { id: created.body.class.id, code, pupils: added.body.items };
  }

  it("a pupil's day of wrong pictures is not reset by the child's own sign-in; the QR card and the teacher's unlock still work", async () => {
    const place = '203.0.113.61';
    const cls = await newClass('Caps-1', ['Ayla', 'Baran'], place);
    const victim = cls.pupils[1]!;
    const school = world.stack.browser('en', place);
    const ticket = await ticketOf(school, cls.code);
    // Four wrong, then the child signs in: over and over (no pause is ever reached), until the day's cap.
    let wrongSoFar = 0;
    while (wrongSoFar < PUPIL_SIGN_IN_LIMITS.pupilDailyFailures) {
      for (let i = 0; i < 4 && wrongSoFar < PUPIL_SIGN_IN_LIMITS.pupilDailyFailures; i++, wrongSoFar++)
        await picturesSignIn(school, ticket, victim.id, wrong(victim.pictures!));
      if (wrongSoFar < PUPIL_SIGN_IN_LIMITS.pupilDailyFailures)
        expect((await picturesSignIn(school, ticket, victim.id, victim.pictures!)).status).toBe(200);
    }
    const refused = await picturesSignIn(school, ticket, victim.id, victim.pictures!);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'pupil_pictures_paused_today',
      message: translate('pupil_pictures_paused_today', 'en'),
    });
    // The other pupil is not touched; the teacher sees one pupil at the cap.
    expect((await picturesSignIn(school, ticket, cls.pupils[0]!.id, cls.pupils[0]!.pictures!)).status).toBe(
      200,
    );
    const trouble = await world.teacher.get<ClassSignInTrouble>(`/api/classes/${cls.id}/sign-in-trouble`);
    expect(trouble.body.pupilsCappedToday).toBe(1);
    // The QR card signs the child in; the teacher's unlock gives the pictures back.
    const link = await world.teacher.post<PupilSignInLinkResponse>(
      `/api/classes/${cls.id}/pupils/${victim.id}/sign-in-link`,
    );
    expect((await linkSignIn(world.stack.browser('tr', place), link.body.secret)).status).toBe(200);
    expect((await world.teacher.post(`/api/classes/${cls.id}/pupils/${victim.id}/unlock`)).status).toBe(200);
    expect((await picturesSignIn(school, ticket, victim.id, victim.pictures!)).status).toBe(200);
  });

  it("a class's day of wrong pictures from outside the school, spread over addresses, stops every outside place and tells the teacher; the school signs in", async () => {
    const place = '203.0.113.62';
    const cls = await newClass('Caps-2', ['Cem', 'Defne', 'Eren', 'Fatma', 'Gizem', 'Hakan'], place);
    const targets = cls.pupils.slice(1);
    // Below every per-place (10 an hour) and per-pupil budget: a few tries each from many outside addresses.
    let n = 0;
    for (let a = 0; n < PUPIL_SIGN_IN_LIMITS.classOutsideDailyFailures; a++) {
      const outsider = world.stack.browser('en', `198.51.100.${200 + a}`);
      const ticket = await ticketOf(outsider, cls.code);
      for (let i = 0; i < 4 && n < PUPIL_SIGN_IN_LIMITS.classOutsideDailyFailures; i++, n++) {
        const target = targets[n % targets.length]!;
        expect((await picturesSignIn(outsider, ticket, target.id, wrong(target.pictures!))).status).toBe(401);
      }
    }
    // A new outside address is refused even the right pictures; the school is not.
    const late = world.stack.browser('en', '198.51.100.250');
    const lateAnswer = await picturesSignIn(
      late,
      await ticketOf(late, cls.code),
      targets[0]!.id,
      targets[0]!.pictures!,
    );
    expect(lateAnswer.status).toBe(429);
    expect(lateAnswer.body).toMatchObject({
      code: 'class_outside_paused_today',
      message: translate('class_outside_paused_today', 'en'),
    });
    const school = world.stack.browser('tr', place);
    expect(
      (await picturesSignIn(school, await ticketOf(school, cls.code), targets[0]!.id, targets[0]!.pictures!))
        .status,
    ).toBe(200);
    const trouble = await world.teacher.get<ClassSignInTrouble>(`/api/classes/${cls.id}/sign-in-trouble`);
    expect(trouble.body.outsideToday.failures).toBe(PUPIL_SIGN_IN_LIMITS.classOutsideDailyFailures);
    expect(trouble.body.outsideToday.until).not.toBeNull();
    // The teacher's reset clears the day (and changes the code).
    await world.teacher.post(`/api/classes/${cls.id}/sign-in-trouble/reset`);
    const after = await world.teacher.get<ClassSignInTrouble>(`/api/classes/${cls.id}/sign-in-trouble`);
    expect(after.body.outsideToday).toMatchObject({ failures: 0, until: null });
  });

  it('a two-picture card signs in until TWO_PICTURE_CARDS_END and nobody from then on', async () => {
    const place = '203.0.113.63';
    const cls = await newClass('Caps-3', ['Irmak', 'Jale'], place);
    const pupil = cls.pupils[1]!;
    // A card printed before three pictures: two of the first nine, hashed as auth always has.
    const { hashPassword } = await import('@mathgames/auth/testing');
    const old = ['moon', 'fish'] as const;
    await world.stack.pool.query('UPDATE auth.pupil_credentials SET picture_hash = $2 WHERE user_id = $1', [
      pupil.id,
      await hashPassword(old.join(':')),
    ]);
    const school = world.stack.browser('en', place);
    expect((await picturesSignIn(school, await ticketOf(school, cls.code), pupil.id, old)).status).toBe(200);
    // The services run in this process: their clock is moved to the end date (Date only; timers stay real).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(TWO_PICTURE_CARDS_END) });
    try {
      const later = world.stack.browser('en', place);
      const refused = await picturesSignIn(later, await ticketOf(later, cls.code), pupil.id, old);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        code: 'pupil_card_expired',
        field: 'pictures',
        message: translate('pupil_card_expired', 'en'),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
