import type { CurrentUser } from '@mathgames/contracts';

/** A signed-in user for component tests (a verified adult account named Mert); tests override what they need. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 3,
    username: 'mert',
    displayName: 'Mert',
    email: 'mert@example.com',
    about: null,
    receiveNotifications: false,
    avatarColor: null,
    photoUrl: null,
    isVerified: true,
    role: 'user',
    createdAt: '2026-01-01T08:00:00.000Z',
    lastLogin: null,
    ...overrides,
  };
}
