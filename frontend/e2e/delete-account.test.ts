import AxeBuilder from '@axe-core/playwright';
import {
  type ClassPupilsResponse,
  type Lang,
  type TeacherClassResponse,
  translate,
} from '@mathgames/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebAppBuilt, launchBrowser, newContext, type Stack, startStack } from './harness/index.js';

const LANGS = ['tr', 'en'] as const;

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function accessibilityProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** A verified teacher with a class of three pupils, made through the API (the teacher screens have their own test). */
async function classOfThree(lang: Lang) {
  const context = await newContext(browser, lang);
  const suffix = `${lang}${Date.now().toString(36)}`;
  const email = `t-${suffix}@example.com`;
  const request = context.request;
  expect(
    (
      await request.post(`${stack.baseUrl}/api/auth/register`, {
        data: { username: `t_${suffix}`, email, password: 'secret123', teacher: true, lang },
      })
    ).status(),
  ).toBe(201);
  const mail = await stack.mail!.waitFor((m) => m.to.some((to) => to.includes(email)));
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect((await request.get(`${stack.baseUrl}/api/auth/verify-email?token=${token}`)).ok()).toBe(true);
  expect(
    (await request.post(`${stack.baseUrl}/api/auth/login`, { data: { email, password: 'secret123' } })).ok(),
  ).toBe(true);
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

describe.each(LANGS)('in %s', (lang: Lang) => {
  it('a teacher deletes their own account from the profile with their password; the session ends', async () => {
    const { teacher } = await classOfThree(lang);
    const page = await teacher.newPage();
    await page.goto(`${stack.baseUrl}/profile`);
    const open = page.getByTestId('delete-account');
    await open.waitFor();
    expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await open.click();
    const password = page.getByRole('dialog').locator('input[name="password"]');
    await password.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    // Empty, then wrong: told on the field, focus back in it, nothing deleted.
    await page.getByTestId('confirm-delete-account').click();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await password.fill('not the password');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => page.getByRole('dialog').textContent())
      .toContain(translate('account_password_wrong', lang));
    expect((await page.request.get(`${stack.baseUrl}/api/auth/me`)).status()).toBe(200);

    await password.fill('secret123');
    await page.getByTestId('confirm-delete-account').click();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect((await page.request.get(`${stack.baseUrl}/api/auth/me`)).status()).toBe(401);
    await teacher.close();
  });
});
