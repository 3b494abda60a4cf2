import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { testUser } from '../../../testing/users.js';
import { AccountTabHarness } from './account-tab-harness.js';
import type { EditState } from './profile-form.js';

const USER = testUser({ about: 'Bölme en sevdiğim.', isVerified: false });

describe('editing the profile', () => {
  beforeEach(() => useLanguage('tr', 'profile'));
  afterEach(() => vi.unstubAllGlobals());

  it('goes view → edit → saving → saved, showing the Turkish rule message for a short name first', async () => {
    const api = fakeApi({
      '/api/profile/update': { message: 'Profil güncellendi', user: { ...USER, displayName: 'Mert Can' } },
    });
    const seen: EditState[] = [];
    const user = userEvent.setup();
    renderWithApp(<AccountTabHarness user={USER} totalGames={4} onEditState={(next) => seen.push(next)} />);

    await user.click(await screen.findByTestId('profile-edit'));
    const name = screen.getByRole('textbox', { name: 'Görünen isim' });
    await user.clear(name);
    await user.type(name, 'Me');
    await user.click(screen.getByTestId('profile-save'));
    expect(screen.getByTestId('error-displayName').textContent).toContain(
      'Görünen isim en az 3 karakter olmalıdır',
    );
    expect(api.calls).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Mert Can');
    await user.click(screen.getByTestId('profile-save'));
    await screen.findByTestId('profile-saved');
    expect(seen).toEqual(['edit', 'saving', 'saved']);
    expect(api.calls).toEqual(['POST /api/profile/update']);
  });

  it('says the about text is too long past 500 characters, and cancel returns to the view unsaved', async () => {
    const api = fakeApi({});
    const seen: EditState[] = [];
    const user = userEvent.setup();
    renderWithApp(<AccountTabHarness user={USER} totalGames={4} onEditState={(next) => seen.push(next)} />);
    await user.click(await screen.findByTestId('profile-edit'));
    const about = screen.getByRole('textbox', { name: 'Hakkımda' });
    await user.clear(about);
    await user.click(about);
    await user.paste('a'.repeat(501));
    await user.click(screen.getByTestId('profile-save'));
    expect(screen.getByTestId('error-about').textContent).toContain(
      'Hakkınızda bölümü 500 karakterden az olmalıdır',
    );

    await user.click(screen.getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(screen.getByTestId('account-about').textContent).toBe('Bölme en sevdiğim.'));
    expect(seen).toEqual(['edit', 'view']);
    expect(api.calls).toEqual([]);
  });
});
