import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHOW_LOGIN_MODAL_EVENT, type ShowLoginModalDetail } from '../../../lib/events.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { SaveStatus } from './save-status.js';

describe('what the summary says about the result', () => {
  it('in Turkish: kept on the device while offline', async () => {
    await useLanguage('tr', 'gameplay');
    renderWithApp(<SaveStatus state={{ kind: 'kept-offline' }} />);
    expect((await screen.findByTestId('save-status')).textContent).toBe(
      'Bu cihaza kaydedildi, internete bağlanınca gönderilecek.',
    );
  });

  it('tells a guest to sign in to keep the points, and the button opens the login form', async () => {
    await useLanguage('en', 'gameplay');
    const opened: boolean[] = [];
    const listener = (event: Event) =>
      opened.push((event as CustomEvent<ShowLoginModalDetail>).detail.isLogin);
    window.addEventListener(SHOW_LOGIN_MODAL_EVENT, listener);
    try {
      renderWithApp(<SaveStatus state={{ kind: 'kept-guest' }} />);
      expect((await screen.findByTestId('save-status')).textContent).toContain('Sign in to keep your points');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(opened).toEqual([true]);
    } finally {
      window.removeEventListener(SHOW_LOGIN_MODAL_EVENT, listener);
    }
  });

  it('says why a game was refused for good instead of dropping it silently', async () => {
    await useLanguage('en', 'gameplay');
    renderWithApp(<SaveStatus state={{ kind: 'refused', message: 'Invalid game time' }} />);
    expect((await screen.findByTestId('save-status')).textContent).toBe(
      'This game could not be saved: Invalid game time',
    );
  });
});
