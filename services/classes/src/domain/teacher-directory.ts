import { currentUserSchema } from '@mathgames/contracts';
import { AppError, IDENTITY_HEADER, type Identity, signIdentity } from '@mathgames/platform';

export interface TeacherDirectory {
  /** Throws 403 unless the caller is a teacher with a verified e-mail address; 503 when auth cannot say. */
  requireVerifiedTeacher(identity: Identity & { userId: number }): Promise<void>;
}

/** Auth owns identities: asks it (as the caller, freshly signed) who the caller is. */
export function createTeacherDirectory(authUrl: string, internalSecret: string): TeacherDirectory {
  return {
    async requireVerifiedTeacher(identity) {
      let res: Response;
      try {
        res = await fetch(new URL('/api/auth/me', authUrl), {
          headers: {
            [IDENTITY_HEADER]: signIdentity(identity, internalSecret, {
              method: 'GET',
              path: '/api/auth/me',
            }),
          },
          signal: AbortSignal.timeout(5_000),
        });
      } catch (err) {
        throw new AppError(503, 'service_unavailable', 'service_unavailable', undefined, { cause: err });
      }
      if (res.status === 401) throw new AppError(401, 'unauthorized');
      if (!res.ok) throw new AppError(503, 'service_unavailable', 'service_unavailable');
      const user = currentUserSchema.parse(await res.json());
      if (user.role !== 'teacher') throw new AppError(403, 'forbidden', 'teacher_role_required');
      if (!user.isVerified) throw new AppError(403, 'forbidden', 'teacher_email_not_verified');
    },
  };
}
