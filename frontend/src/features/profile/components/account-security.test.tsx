import { translate } from '@mathgames/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastAtom } from '../../../components/ui/toast.js';
import { store } from '../../../lib/store.js';
import { recordingApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { testUser } from '../../../testing/users.js';
import { AccountTabHarness } from './account-tab-harness.js';
import { SettingsTab } from './settings-tab.js';

// Account security in the settings and profile screens (docs/security.md).
const USER = testUser({ receiveNotifications: true });

describe('the profile form', () => {
  beforeEach(() => useLanguage('en', 'profile'));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the current password when the e-mail changes, and sends it', async () => {
    const sent = recordingApi({
      '/api/profile/update': { message: translate('email_change_pending_neutral', 'en'), user: USER },
    });
    const user = userEvent.setup();
    renderWithApp(<AccountTabHarness user={USER} />);
    await user.click(await screen.findByTestId('profile-edit'));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    // Pasted, not typed: a keystroke at a time re-renders the whole form 20 times (seconds in jsdom).
    await user.clear(email);
    await user.paste('mert-new@example.com');
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText(translate('current_password_required', 'en'))).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(screen.getByLabelText('Current password'));
    await user.paste('my-secret');
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ email: 'mert-new@example.com', currentPassword: 'my-secret' });
    await waitFor(() =>
      expect(store.get(toastAtom)?.title).toBe(translate('email_change_pending_neutral', 'en')),
    );
  });

  it('offers the avatar colours as a labelled radio group and sends the chosen one', async () => {
    const sent = recordingApi({ '/api/profile/update': { message: 'Profile updated', user: USER } });
    const user = userEvent.setup();
    renderWithApp(<AccountTabHarness user={USER} />);
    await user.click(await screen.findByTestId('profile-edit'));
    const green = screen.getByRole('radio', { name: 'Green' });
    await user.click(green);
    expect((green as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ avatarColor: '#15803d' });
    expect(sent[0]!.body).not.toHaveProperty('currentPassword');
  });
});

describe('the settings tab', () => {
  beforeEach(() => useLanguage('en', 'profile'));
  afterEach(() => vi.unstubAllGlobals());

  // Spec section 8, profile reset-link failure: titled error, else 'Şifre sıfırlama bağlantısı gönderilemedi.'.
  it.each([
    ['en', 'Error', "We couldn't send the password reset link."],
    ['tr', 'Hata', 'Şifre sıfırlama bağlantısı gönderilemedi.'],
  ] as const)(
    "shows the spec's reset-link failure text in %s when the link cannot be sent",
    async (lang, title, text) => {
      useLanguage(lang, 'profile');
      recordingApi({}, ['/api/auth/forgot-password']);
      const user = userEvent.setup();
      renderWithApp(<SettingsTab user={USER} />);
      await user.click(await screen.findByTestId('change-password'));
      await waitFor(() => expect(store.get(toastAtom)?.description).toBe(text));
      expect(store.get(toastAtom)?.title).toBe(title);
      expect(store.get(toastAtom)?.variant).toBe('destructive');
    },
  );

  it('logs out of all devices with one button', async () => {
    const sent = recordingApi({ '/api/auth/logout-everywhere': { message: 'ok' } });
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const user = userEvent.setup();
    renderWithApp(<SettingsTab user={USER} />);
    await user.click(await screen.findByRole('button', { name: 'Log out of all devices' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/auth/logout-everywhere']);
  });
});
