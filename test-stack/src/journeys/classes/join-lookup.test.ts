// The join lookup is budgeted per address on its one canonical path and shows no surname
// (docs/decisions/0033-pupil-names-on-the-class-code.md, 0040-one-canonical-api-path.md, 0041-sign-in-budgets-per-address.md).
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

/** The gateway's defaults: codes that name no class per address, and in all, per 15 minutes. */
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
    world.stack.browser('en', address).get<ClassJoin & Answer>(`/api/class-codes/${code}`);
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

  it("spends the address's own budget of codes that name no class: 150 from one address, then 429 for it alone; its logins are untouched", async () => {
    const guesser = '198.51.100.70';
    await guess(guesser, PER_ADDRESS);
    await refused(guesser);
    const answer = await lookup(guesser, joinCode);
    expect(answer.body.code).toBe('rate_limited');
    expect(answer.body.message).toMatch(/^Too many tries\. Please try again in \d+ seconds\.$/);
    // The school is served; and join misses are a budget of their own, so the address's logins are not refused
    // (a class's typos never lock its teachers out: docs/decisions/0041-sign-in-budgets-per-address.md).
    expect((await lookup(SCHOOL, joinCode)).status).toBe(200);
    const login = await world.stack
      .browser('en', guesser)
      .post<Answer>('/api/auth/login', { email: 'nobody@example.com', password: 'correct horse' });
    expect(login.status).toBe(401);
  });

  it('counts or refuses every other spelling of the lookup (case, trailing slash, //, escapes, dots, HEAD): none answers a refused address', async () => {
    const guesser = '198.51.100.71';
    await guess(guesser, PER_ADDRESS);
    await refused(guesser);
    const spellings = [
      ['GET', `/api/class-codes/${joinCode}/`],
      ['GET', `/api/CLASS-CODES/${joinCode}`],
      ['GET', `/api/Class-codes/${joinCode}`],
      ['GET', `/api//class-codes/${joinCode}`],
      ['GET', `/api/class-codes//${joinCode}`],
      ['GET', `/api/class-code%73/${joinCode}`],
      ['GET', `/api%2Fclass-codes/${joinCode}`],
      ['HEAD', `/api/class-codes/${joinCode}`],
      ['HEAD', `/api/class-codes/${joinCode}/`],
    ] as const;
    const tab = world.stack.browser('en', guesser);
    for (const [method, path] of spellings) {
      const answer = await tab.request<Answer & { pupils?: unknown }>(method, path);
      expect([404, 429], `${method} ${path}`).toContain(answer.status);
      expect(answer.body.pupils, `${method} ${path}`).toBeUndefined();
      if (answer.status === 404 && method === 'GET')
        expect(answer.body.code, `${method} ${path}`).toBe('not_found');
    }
    // A fresh address: every other spelling is no path (the HEAD of the canonical one is the lookup itself).
    const fresh = world.stack.browser('en', '198.51.100.72');
    for (const [method, path] of spellings.filter(([m, p]) => m === 'GET' || p.endsWith('/'))) {
      const answer = await fresh.request<Answer & { pupils?: unknown }>(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.pupils, `${method} ${path}`).toBeUndefined();
    }
    // Misses sent as HEAD spend the same budget as GET.
    const header = world.stack.browser('en', '198.51.100.73');
    for (let n = 0; n < PER_ADDRESS; n++) await header.request('HEAD', `/api/class-codes/${noClass()}`);
    await refused('198.51.100.73');
  });

  it('once codes from many addresses spend the all-address budget, refuses nobody for it: a school where a child mistyped is served', async () => {
    // 3,000 misses per 15 minutes in all: the guessers above spent 300; 18 more addresses spend the rest.
    for (let n = 0; n < DISTRICT / PER_ADDRESS - 2; n++) await guess(`198.51.101.${n + 1}`, PER_ADDRESS);
    // An address that mistypes once, then types the right code, is served (slowed, and counted for the operator).
    const late = '198.51.102.1';
    await guess(late, 1);
    const served = await lookup(late, joinCode);
    expect(served.status).toBe(200);
    expect(served.body.className).toBe('3-C');
    // A pupil at home who types the right code first is served; so is the school.
    const home = await lookup('198.51.102.2', joinCode);
    expect(home.status).toBe(200);
    expect(home.body.className).toBe('3-C');
    expect((await lookup(SCHOOL, joinCode)).status).toBe(200);
    // Each guesser is still refused for its own misses.
    await refused('198.51.101.1');
  }, 180_000);
});
