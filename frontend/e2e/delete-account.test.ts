import { type Lang, translate } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import { accessibilityProblems, classOfThree, IN_EN, withStackAndBrowser } from './harness/index.js';

const e2e = withStackAndBrowser();

describe.each(IN_EN)('in %s', (lang: Lang) => {
  it('a teacher deletes their own account from the profile with their password; the session ends', async () => {
    const { teacher } = await classOfThree(e2e, lang);
    const page = await teacher.newPage();
    await page.goto(`${e2e.stack.baseUrl}/profile`);
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
    expect((await page.request.get(`${e2e.stack.baseUrl}/api/auth/me`)).status()).toBe(200);

    await password.fill('secret123');
    await page.getByTestId('confirm-delete-account').click();
    await page.waitForURL(`${e2e.stack.baseUrl}/`);
    expect((await page.request.get(`${e2e.stack.baseUrl}/api/auth/me`)).status()).toBe(401);
    await teacher.close();
  });
});
