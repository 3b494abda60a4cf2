import type { CurrentUser } from '@mathgames/contracts';
import type { UserRecord } from '../data-access/users.js';

/** Lives under /api/profile so the gateway's proxy table covers it; the version changes with the photo. */
export function photoUrl(version: string | null): string | null {
  return version ? `/api/profile/photos/${version}.webp` : null;
}

/** The readable fields of a user: never the hash, tokens or internal flags beyond the contract. */
export function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    about: user.about,
    receiveNotifications: user.receiveNotifications,
    avatarColor: user.avatarColor,
    photoUrl: photoUrl(user.photoVersion),
    isVerified: user.isVerified,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
  };
}
