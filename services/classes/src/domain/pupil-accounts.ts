import {
  type ClassSignInTrouble,
  classSignInTroubleSchema,
  type PupilAccounts,
  type PupilCards,
  pupilAccountsSchema,
  pupilCardsSchema,
  pupilSignInLinkSchema,
} from '@mathgames/contracts';
import { AppError, IDENTITY_HEADER, type Identity, signIdentity } from '@mathgames/platform';

type Caller = Identity & { userId: number };

/** Auth owns pupils' identities and credentials; the classes service asks it, as the teacher. */
export interface PupilAccountsClient {
  create(caller: Caller, classId: number, names: string[]): Promise<PupilAccounts['items']>;
  resetPictures(caller: Caller, pupilId: number): Promise<PupilAccounts['items']>;
  rename(caller: Caller, pupilId: number, name: string): Promise<void>;
  remove(caller: Caller, pupilId: number): Promise<void>;
  unlock(caller: Caller, pupilId: number): Promise<void>;
  createSignInLink(caller: Caller, pupilId: number): Promise<string>;
  revokeSignInLink(caller: Caller, pupilId: number): Promise<void>;
  issueCards(caller: Caller, pupilIds: number[]): Promise<PupilCards['items']>;
  /** The class's join tickets stop working (a new code, joining closed). */
  retireTickets(caller: Caller, classId: number): Promise<void>;
  signInTrouble(caller: Caller, classId: number): Promise<ClassSignInTrouble>;
  /** Clears the class's wrong-picture counts and pauses, and retires its tickets. */
  resetSignInTrouble(caller: Caller, classId: number): Promise<void>;
}

export function createPupilAccountsClient(authUrl: string, internalSecret: string): PupilAccountsClient {
  async function call(caller: Caller, method: string, path: string, body?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(new URL(path, authUrl), {
        method,
        headers: {
          [IDENTITY_HEADER]: signIdentity(caller, internalSecret, { method, path }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new AppError(503, 'service_unavailable', 'service_unavailable', undefined, { cause: err });
    }
    // A pupil auth no longer knows is gone already: the roster row is what is left to remove.
    if (res.status === 404) throw new AppError(404, 'not_found', 'pupil_not_found');
    if (!res.ok) throw new AppError(503, 'service_unavailable', 'service_unavailable');
    return res;
  }
  return {
    async create(caller, classId, names) {
      const res = await call(caller, 'POST', '/internal/pupils', { classId, names });
      return pupilAccountsSchema.parse(await res.json()).items;
    },
    async resetPictures(caller, pupilId) {
      const res = await call(caller, 'POST', `/internal/pupils/${pupilId}/pictures`);
      return pupilAccountsSchema.parse(await res.json()).items;
    },
    async rename(caller, pupilId, name) {
      await call(caller, 'PATCH', `/internal/pupils/${pupilId}`, { name });
    },
    async unlock(caller, pupilId) {
      await call(caller, 'POST', `/internal/pupils/${pupilId}/unlock`);
    },
    async createSignInLink(caller, pupilId) {
      const res = await call(caller, 'POST', `/internal/pupils/${pupilId}/sign-in-link`);
      return pupilSignInLinkSchema.parse(await res.json()).secret;
    },
    async revokeSignInLink(caller, pupilId) {
      await call(caller, 'DELETE', `/internal/pupils/${pupilId}/sign-in-link`);
    },
    async issueCards(caller, pupilIds) {
      const res = await call(caller, 'POST', '/internal/pupils/cards', { userIds: pupilIds });
      return pupilCardsSchema.parse(await res.json()).items;
    },
    async retireTickets(caller, classId) {
      await call(caller, 'POST', `/internal/classes/${classId}/retire-tickets`);
    },
    async signInTrouble(caller, classId) {
      const res = await call(caller, 'GET', `/internal/classes/${classId}/sign-in-trouble`);
      return classSignInTroubleSchema.parse(await res.json());
    },
    async resetSignInTrouble(caller, classId) {
      await call(caller, 'POST', `/internal/classes/${classId}/sign-in-trouble/reset`);
    },
    async remove(caller, pupilId) {
      try {
        await call(caller, 'DELETE', `/internal/pupils/${pupilId}`);
      } catch (err) {
        if (!(err instanceof AppError && err.status === 404)) throw err;
      }
    },
  };
}
