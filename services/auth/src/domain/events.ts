import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type UserDeletedEvent } from '@mathgames/contracts';

/** What every event carries besides its type and fields: a fresh id (consumers de-duplicate on it) and a time. */
export const eventBase = () => ({ id: randomUUID(), createdAt: new Date().toISOString() });

/** `user.deleted.v1`: every service erases the user's rows. */
export function userDeletedEvent(userId: number): UserDeletedEvent {
  return { ...eventBase(), type: EVENT_TYPES.userDeleted, userId };
}
