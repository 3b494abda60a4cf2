import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { testUser } from '../../../testing/users.js';
import { AccountTabHarness } from './account-tab-harness.js';
import { SettingsTab } from './settings-tab.js';

// A pupil (made by their teacher, signing in with pictures) sees no e-mail or password fields.
const PUPIL = testUser({
  id: 12,
  username: 'pupil-12',
  displayName: 'Zeynep',
  email: null,
  isVerified: false,
  role: 'pupil',
  createdAt: '2026-09-01T08:00:00.000Z',
});

describe("a pupil's profile", () => {
  beforeEach(() => useLanguage('en', 'profile'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows no e-mail or verification rows, and the edit form has no e-mail field and sends none', async () => {
    const sent = recordingApi({ '/api/profile/update': { message: 'Profile updated', user: PUPIL } });
    const user = userEvent.setup();
    renderWithApp(<AccountTabHarness totalGames={3} user={PUPIL} />);
    await screen.findByTestId('account-display-name');
    expect(screen.queryByTestId('account-email')).toBeNull();
    expect(screen.queryByText('E-mail')).toBeNull();
    expect(screen.queryByText('Account status')).toBeNull();

    await user.click(screen.getByTestId('profile-edit'));
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ displayName: 'Zeynep' });
    expect(sent[0]!.body).not.toHaveProperty('email');
    expect(sent[0]!.body).not.toHaveProperty('currentPassword');
  });

  it('has no password change or reset buttons in the settings, and a picture-password tip instead', async () => {
    recordingApi({});
    renderWithApp(<SettingsTab user={PUPIL} />);
    await screen.findByTestId('profile-logout');
    expect(screen.queryByTestId('change-password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Password' })).toBeNull();
    screen.getByText(/Keep your pictures a secret/);
  });

  it('still shows the e-mail row and the form field to an account that has an address', async () => {
    recordingApi({});
    const user = userEvent.setup();
    renderWithApp(
      <AccountTabHarness
        totalGames={3}
        user={{ ...PUPIL, role: 'user', email: 'zeynep@example.com', isVerified: true }}
      />,
    );
    expect((await screen.findByTestId('account-email')).textContent).toBe('zeynep@example.com');
    await user.click(screen.getByTestId('profile-edit'));
    screen.getByRole('textbox', { name: 'E-mail' });
  });
});
