// The join lookup is budgeted and shows no surname (docs/decisions/0033-pupil-names-on-the-class-code.md).
import {
  type ClassJoin,
  type ClassPupilsResponse,
  type CurrentUser,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  type TeacherClassResponse,
} from '@mathgames/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useClassesStack } from './classes-stack.js';

// The school's pupils come through one NAT address.
const SCHOOL = '203.0.113.21';

type Answer = CurrentUser & { code?: string; message?: string; field?: string };

/** The gateway's defaults: credential points per address, and codes that name no class in all, per 15 minutes. */
const PER_ADDRESS = 150;
const DISTRICT = 3000;

let classId: number;
let joinCode: string;

const world = useClassesStack({ productionLimits: true }, ['Lookup_Teacher']);

beforeAll(async () => {
  const created = await world.teacher.post<TeacherClassResponse>('/api/classes', { name: '3-C', grade: 3 });
  classId = created.body.class.id;
  joinCode = created.body.class.joinCode;
  await world.teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
    names: ['Ada', 'Bora', 'Cem', 'Deniz', 'Ece', 'Filiz'],
  });
}, 120_000);

describe('item 6: the join lookup', () => {
  const lookup = (address: string, code: string) =>
    world.stack.browser('en', address).get<ClassJoin & Answer>(`/api/classes/join/${code}`);
  /** A code of the right shape that names no class (one in 887 million is a class: none of this file's). */
  const noClass = (): string => {
    let code = '';
    while (code.length < JOIN_CODE_LENGTH)
      code += JOIN_CODE_ALPHABET[Math.floor(Math.random() * JOIN_CODE_ALPHABET.length)];
    return code === joinCode ? noClass() : code;
  };
  /** `count` codes that name no class from `address`, 25 at a time; every one is a 404 naming the code. */
  async function guess(address: string, count: number) {
    for (let done = 0; done < count; done += 25) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(25, count - done) }, () => lookup(address, noClass())),
      );
      expect(answers.map((a) => `${a.status} ${a.body.field}`)).toEqual(answers.map(() => '404 code'));
    }
  }
  const refused = (address: string) =>
    expect.poll(async () => (await lookup(address, joinCode)).status, { timeout: 10_000 }).toBe(429);

  it('shows given names and the first letter of a surname, never the surname', async () => {
    await world.teacher.post(`/api/classes/${classId}/pupils`, { names: ['Hale Yıldız', 'Hale Yurt'] });
    const join = await lookup(SCHOOL, joinCode);
    expect(join.status).toBe(200);
    const names = join.body.pupils.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Ada', 'Hale Yı.', 'Hale Yu.']));
    expect(JSON.stringify(join.body)).not.toMatch(/Yıldız|Yurt/);
  });

  it('spends the credential budget on codes that name no class: 150 from one address, then 429 for it alone', async () => {
    const guesser = '198.51.100.70';
    await guess(guesser, PER_ADDRESS);
    await refused(guesser);
    const answer = await lookup(guesser, joinCode);
    expect(answer.body.code).toBe('rate_limited');
    expect(answer.body.message).toMatch(/^Too many tries\. Please try again in \d+ seconds\.$/);
    // The school, and the guesser's own login budget is the same one: it is spent too.
    expect((await lookup(SCHOOL, joinCode)).status).toBe(200);
    const login = await world.stack
      .browser('en', guesser)
      .post<Answer>('/api/auth/login', { email: 'nobody@example.com', password: 'correct horse' });
    expect(login.status).toBe(429);
  });

  it('once codes from many addresses spend the district-wide budget, refuses who guessed, not who typed a right code', async () => {
    // 3,000 misses per 15 minutes in all: the guesser above spent 150; 19 more addresses spend the rest.
    for (let n = 0; n < DISTRICT / PER_ADDRESS - 1; n++) await guess(`198.51.101.${n + 1}`, PER_ADDRESS);
    // A new address that mistypes once is answered (its first miss), then refused like every guesser.
    const late = '198.51.102.1';
    await guess(late, 1);
    await refused(late);
    // A pupil at home who types the right code first is served; so is the school.
    const home = await lookup('198.51.102.2', joinCode);
    expect(home.status).toBe(200);
    expect(home.body.className).toBe('3-C');
    expect((await lookup(SCHOOL, joinCode)).status).toBe(200);
  }, 180_000);
});
