import type { Db } from '@mathgames/platform';

/** The province of that name, made when missing. */
export async function ensureProvince(db: Db, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `WITH made AS (INSERT INTO classes.provinces (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id)
     SELECT id FROM made UNION ALL SELECT id FROM classes.provinces WHERE name = $1`,
    [name],
  );
  return rows[0]!.id;
}

/** The district of that name in the province, made when missing. */
export async function ensureDistrict(db: Db, provinceId: number, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `WITH made AS (INSERT INTO classes.districts (province_id, name) VALUES ($1, $2)
                   ON CONFLICT (province_id, name) DO NOTHING RETURNING id)
     SELECT id FROM made UNION ALL SELECT id FROM classes.districts WHERE province_id = $1 AND name = $2`,
    [provinceId, name],
  );
  return rows[0]!.id;
}

export type AdminRole = 'province_admin' | 'district_admin';

export async function insertAdminInvitation(
  db: Db,
  invitation: { tokenHash: Buffer; role: AdminRole; placeId: number; expiresAt: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO classes.admin_invitations (token_hash, role, province_id, district_id, expires_at)
     VALUES ($1, $2, CASE WHEN $2 = 'province_admin' THEN $3::int END,
             CASE WHEN $2 = 'district_admin' THEN $3::int END, $4)
     RETURNING id`,
    [invitation.tokenHash, invitation.role, invitation.placeId, invitation.expiresAt],
  );
  return rows[0]!.id;
}

/** One admin action: ids only, never names (docs/decisions/0061-admin-invitations-and-audit-log.md). */
export interface AuditEntry {
  /** The user acting; null for the operator's command. */
  actorId: number | null;
  action: `${string}.${string}`;
  provinceId?: number;
  districtId?: number;
  schoolId?: number;
  classId?: number;
  subjectUserId?: number;
  invitationId?: number;
  requestId?: string;
}

/** Appends to the audit log (the service role may only add and read its rows). */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO classes.audit_log (actor_id, action, province_id, district_id, school_id, class_id, subject_user_id,
                                    invitation_id, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.actorId,
      entry.action,
      entry.provinceId ?? null,
      entry.districtId ?? null,
      entry.schoolId ?? null,
      entry.classId ?? null,
      entry.subjectUserId ?? null,
      entry.invitationId ?? null,
      entry.requestId ?? null,
    ],
  );
}
