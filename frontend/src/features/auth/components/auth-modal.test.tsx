import { translate } from '@mathgames/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import AuthModal from './auth-modal.js';

const LONG = 'x'.repeat(73);

function field(name: string): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no field ${name}`);
  return input;
}

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

function submit() {
  const form = document.querySelector('form');
  if (!form) throw new Error('no form');
  fireEvent.submit(form);
}

async function errorOf(name: string): Promise<string | null> {
  await waitFor(() => expect(field(name).getAttribute('aria-invalid')).toBe('true'));
  return screen.getByTestId(`error-${name}`).textContent?.replace('⚠', '').trim() ?? null;
}

function renderModal(initialMode: 'login' | 'register' = 'login') {
  const onClose = vi.fn();
  renderWithApp(<AuthModal initialMode={initialMode} onClose={onClose} reload={() => {}} />);
  return { onClose };
}

describe('the auth modal', () => {
  beforeEach(() => useLanguage('en', 'auth'));
  afterEach(() => vi.restoreAllMocks());

  it('moves login → register → login, and login → forgot carrying the typed e-mail, then back', async () => {
    renderModal('login');
    await screen.findByTestId('auth-mode-login');
    type('email', 'ada@example.com');
    fireEvent.click(screen.getByTestId('to-register'));
    expect(screen.getByTestId('auth-mode-register')).toBeTruthy();
    fireEvent.click(screen.getByTestId('to-login'));
    expect(screen.getByTestId('auth-mode-login')).toBeTruthy();
    fireEvent.click(screen.getByTestId('to-forgot'));
    expect(screen.getByTestId('auth-mode-forgot')).toBeTruthy();
    expect(field('email').value).toBe('ada@example.com');
    fireEvent.click(screen.getByTestId('forgot-to-login'));
    expect(screen.getByTestId('auth-mode-login')).toBeTruthy();
  });

  it('opens on register when asked with isLogin false, and closes with the close button', async () => {
    const { onClose } = renderModal('register');
    await screen.findByTestId('auth-mode-register');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends "this is a shared computer" with the login when ticked', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ code: 'invalid_credentials', message: 'no' }), { status: 401 }),
      );
    renderModal('login');
    await screen.findByTestId('auth-mode-login');
    expect(screen.getByRole('checkbox', { name: /This is a shared computer/ })).toBeTruthy();
    type('email', 'ada@example.com');
    type('password', 'secret-pass');
    fireEvent.click(screen.getByTestId('shared-device'));
    submit();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const init = fetchSpy.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass',
      sharedDevice: true,
    });
  });

  it('after a reset link is sent shows the sent view, whose button goes back to login', async () => {
    // The network is the component's edge here; the full flow runs against the real stack in e2e.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'sent!' }), { status: 200 }),
    );
    renderModal('login');
    await screen.findByTestId('auth-mode-login');
    type('email', 'ada@example.com');
    fireEvent.click(screen.getByTestId('to-forgot'));
    submit();
    await screen.findByTestId('auth-mode-sent');
    fireEvent.click(screen.getByTestId('sent-to-login'));
    expect(screen.getByTestId('auth-mode-login')).toBeTruthy();
  });

  describe('shows every field message on its field', () => {
    it('login: invalid e-mail, short and long password', async () => {
      renderModal('login');
      await screen.findByTestId('auth-mode-login');
      type('email', 'not-an-email');
      type('password', '12345');
      submit();
      expect(await errorOf('email')).toBe(translate('email_invalid', 'en'));
      expect(await errorOf('password')).toBe(translate('password_too_short', 'en'));
      type('email', 'ada@example.com');
      type('password', LONG);
      submit();
      expect(await errorOf('password')).toBe(translate('password_too_long', 'en'));
      expect(screen.queryByTestId('error-email')).toBeNull();
    });

    it('register: username, e-mail, password, confirmation length and mismatch', async () => {
      renderModal('register');
      await screen.findByTestId('auth-mode-register');
      type('username', 'ab');
      type('email', 'nope');
      type('password', '123');
      type('confirmPassword', '123');
      submit();
      expect(await errorOf('username')).toBe(translate('username_too_short', 'en'));
      expect(await errorOf('email')).toBe(translate('email_invalid', 'en'));
      expect(await errorOf('password')).toBe(translate('password_too_short', 'en'));
      expect(await errorOf('confirmPassword')).toBe(translate('confirm_password_too_short', 'en'));
      type('username', 'ada');
      type('email', 'ada@example.com');
      type('password', LONG);
      type('confirmPassword', LONG);
      submit();
      expect(await errorOf('password')).toBe(translate('password_too_long', 'en'));
      expect(await errorOf('confirmPassword')).toBe(translate('confirm_password_too_long', 'en'));
      type('password', 'secret12');
      type('confirmPassword', 'secret13');
      submit();
      expect(await errorOf('confirmPassword')).toBe(translate('passwords_mismatch', 'en'));
    });

    it('forgot password: invalid e-mail', async () => {
      renderModal('login');
      await screen.findByTestId('auth-mode-login');
      fireEvent.click(screen.getByTestId('to-forgot'));
      type('email', 'bad@');
      submit();
      expect(await errorOf('email')).toBe(translate('email_invalid', 'en'));
    });

    it('in Turkish, with the exact texts of the spec', async () => {
      await useLanguage('tr', 'auth');
      renderModal('register');
      await screen.findByTestId('auth-mode-register');
      type('username', 'ab');
      type('email', 'x');
      type('password', 'abcdefg');
      type('confirmPassword', 'abcdefh');
      submit();
      expect(await errorOf('username')).toBe('Kullanıcı adı en az 3 karakter olmalıdır');
      expect(await errorOf('email')).toBe('Geçerli bir e-posta adresi giriniz');
      expect(await errorOf('confirmPassword')).toBe('Şifreler eşleşmiyor');
    });
  });
});
