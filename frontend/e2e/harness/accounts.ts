import { randomInt } from 'node:crypto';
import type { ClassJoin, ClassPupilsResponse, TeacherClassResponse } from '@mathgames/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from './browser.js';
import type { Started } from './setup.js';
import type { Lang, Stack } from './stack.js';

let accounts = 0;

/**
 * Registers and verifies a user through the API and the captured mail's link; logs the context in
 * (its cookies then hold the session) unless told not to. The one way a test makes an account it does not sign up
 * through the form: the e-mail and username are new on the worker's shared stack (a clock, a counter and a random
 * part), so no file meets another's user. The password is `secret123`.
 */
export async function registeredUser(
  stack: Stack,
  context: BrowserContext,
  options: { lang: Lang; prefix: string; teacher?: boolean; logIn?: boolean },
): Promise<{ email: string; username: string }> {
  const { lang, prefix, teacher = false, logIn = true } = options;
  const suffix = `${lang}${Date.now() % 1_000_000}${accounts++}${Math.random().toString(36).slice(2, 5)}`;
  const email = `${prefix}-${suffix}@example.com`;
  const username = `${prefix}_${suffix}`;
  const request = context.request;
  // Each account registers from an address of its own (RFC 2544's 198.18.0.0/15, as a proxy in front of the
  // gateway would say): auth allows 30 registrations per address per 15 minutes, and the worker's files share
  // one stack. The budget itself: services/auth/src/domain/abuse-limits.test.ts.
  const registered = await request.post(`${stack.baseUrl}/api/auth/register`, {
    data: { username, email, password: 'secret123', lang, ...(teacher ? { teacher: true } : {}) },
    headers: { 'X-Forwarded-For': `198.${18 + (accounts % 2)}.${randomInt(256)}.${1 + randomInt(254)}` },
  });
  expect(registered.status()).toBe(201);
  if (!stack.mail) throw new Error('the stack has no mail capture');
  const mail = await stack.mail.waitFor((m) => m.to.some((to) => to.includes(email)));
  const token = /verify-email#token=([A-Za-z0-9_-]+)/.exec(`${mail.text}\n${mail.html}`)?.[1];
  expect(token).toBeTruthy();
  expect((await request.post(`${stack.baseUrl}/api/auth/verify-email`, { data: { token } })).ok()).toBe(true);
  if (logIn) {
    const login = await request.post(`${stack.baseUrl}/api/auth/login`, {
      data: { email, password: 'secret123' },
    });
    expect(login.status()).toBe(200);
  }
  return { email, username };
}

/** A verified teacher with a class of three pupils, made through the API (the teacher screens have their own test). */
export async function classOfThree({ stack, browser }: Started, lang: Lang) {
  const context = await newContext(browser, lang);
  await registeredUser(stack, context, { lang, prefix: 't', teacher: true });
  const request = context.request;
  const created = (await (
    await request.post(`${stack.baseUrl}/api/classes`, { data: { name: '2-A', grade: 2 } })
  ).json()) as TeacherClassResponse;
  const added = (await (
    await request.post(`${stack.baseUrl}/api/classes/${created.class.id}/pupils`, {
      data: { names: ['Ada', 'Bora', 'Cem'] },
    })
  ).json()) as ClassPupilsResponse;
  return { teacher: context, classId: created.class.id, code: created.class.joinCode, pupils: added.items };
}

/** `classOfThree`, with the class's page open in a new tab of the teacher's browser. */
export async function teacherOnClassPage(started: Started, lang: Lang) {
  const made = await classOfThree(started, lang);
  const page = await made.teacher.newPage();
  await page.goto(`${started.stack.baseUrl}/teacher/classes/${made.classId}`);
  return { ...made, page };
}

/**
 * A pupil signs in through the API, as the class-code page does: the class's join ticket for `code`, then the
 * pupil's id and pictures. The context's cookies then hold the pupil's session.
 */
export async function pupilSignsIn(
  stack: Stack,
  context: BrowserContext,
  pupil: { code: string; pupilId: number; pictures: readonly (string | null)[] | undefined },
): Promise<void> {
  const join = (await (
    await context.request.get(`${stack.baseUrl}/api/class-codes/${pupil.code}`)
  ).json()) as ClassJoin;
  const login = await context.request.post(`${stack.baseUrl}/api/auth/pupil-login`, {
    data: { ticket: join.ticket, pupilId: pupil.pupilId, pictures: pupil.pictures },
  });
  expect(login.status()).toBe(200);
}

/**
 * A teacher signs up through the sign-up form with the teacher box ticked (`labels` in the page language), opens
 * the verification link from the captured e-mail as they would, and the page logs in.
 */
export async function teacherSignsUpThroughForm(
  stack: Stack,
  page: Page,
  options: { prefix: string; suffix: string; labels: { register: string; teacher: string } },
): Promise<{ email: string; password: string }> {
  const { prefix, suffix, labels } = options;
  const email = `${prefix}-${suffix}@example.com`;
  const password = 'secret123';
  await page.goto(`${stack.baseUrl}/`);
  await page.getByRole('button', { name: labels.register }).first().click();
  const form = page.getByTestId('auth-mode-register');
  await form.waitFor();
  await form.locator('input[name="username"]').fill(`${prefix}_${suffix}`);
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="confirmPassword"]').fill(password);
  await form.getByLabel(labels.teacher).check();
  await form.locator('button[type="submit"]').click();
  await page.getByTestId('auth-mode-register').waitFor({ state: 'detached' });

  // The verification link from the captured e-mail, opened as the teacher would.
  const mail = await stack.mail!.waitFor((m) => m.to.some((to) => to.includes(email)));
  const link = /(https?:\/\/\S+\/verify-email#token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  await page.goto(link!);
  await page.getByTestId('verify-success').waitFor();
  const login = await page.request.post(`${stack.baseUrl}/api/auth/login`, { data: { email, password } });
  expect(login.status()).toBe(200);
  return { email, password };
}

/**
 * On the teacher's classes page, the teacher creates a class through its form (`labels` in the page language).
 * Resolves with the new class's card once it shows, and the join code it shows.
 */
export async function teacherCreatesClassThroughForm(
  page: Page,
  options: { name: string; grade: number; labels: { className: string; grade: string; create: string } },
): Promise<{ card: Locator; code: string }> {
  const { name, grade, labels } = options;
  await page.getByLabel(labels.className).fill(name);
  await page.getByLabel(labels.grade).selectOption(String(grade));
  await page.getByRole('button', { name: labels.create }).click();
  const card = page.getByTestId('class-card');
  await card.waitFor();
  const code = (await card.getByTestId('join-code').textContent())?.trim() ?? '';
  return { card, code };
}
