import { createHash, randomBytes } from 'node:crypto';
import { type Pool, withTransaction } from '@mathgames/platform';
import { z } from 'zod';
import {
  type AdminRole,
  appendAudit,
  ensureDistrict,
  ensureProvince,
  insertAdminInvitation,
} from '../data-access/ladder-repository.js';

/** How long an invitation the operator's command prints stays open, unless the command is told otherwise. */
export const ADMIN_INVITATION_DAYS = 7;
/** The longest an operator may keep one open. */
export const ADMIN_INVITATION_MAX_DAYS = 30;

const placeName = z.string().trim().min(1).max(60);

export const adminInviteInputSchema = z.object({
  province: placeName,
  district: placeName.optional(),
  days: z.number().int().min(1).max(ADMIN_INVITATION_MAX_DAYS).default(ADMIN_INVITATION_DAYS),
});
export type AdminInviteInput = z.input<typeof adminInviteInputSchema>;

export interface AdminInvitation {
  invitationId: number;
  role: AdminRole;
  provinceId: number;
  districtId: number | null;
  expiresAt: Date;
  /** Shown once: only its SHA-256 is stored. */
  token: string;
}

/** The stored form of an invitation token. */
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest();

/**
 * The operator's start of a new province or district (docs/decisions/0061-admin-invitations-and-audit-log.md): the
 * province (and district) made when missing, and a one-time invitation for its first admin, whose token is answered
 * once and kept only as a hash. The audit log records it with ids only (the operator's command has no user: actor
 * null). No account, and no password, is made: the invited person signs up or in and accepts.
 */
export async function inviteFirstAdmin(
  pool: Pool,
  input: AdminInviteInput,
  now = new Date(),
): Promise<AdminInvitation> {
  const { province, district, days } = adminInviteInputSchema.parse(input);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  return withTransaction(pool, async (tx) => {
    const provinceId = await ensureProvince(tx, province);
    const districtId = district === undefined ? null : await ensureDistrict(tx, provinceId, district);
    const role: AdminRole = districtId === null ? 'province_admin' : 'district_admin';
    const invitationId = await insertAdminInvitation(tx, {
      tokenHash: invitationTokenHash(token),
      role,
      placeId: districtId ?? provinceId,
      expiresAt,
    });
    await appendAudit(tx, {
      actorId: null,
      action: 'invitation.created',
      provinceId,
      ...(districtId === null ? {} : { districtId }),
      invitationId,
    });
    return { invitationId, role, provinceId, districtId, expiresAt, token };
  });
}
