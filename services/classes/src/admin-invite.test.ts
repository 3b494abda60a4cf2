import { createPool, type Pool } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationTokenHash } from './domain/admin-invitations.js';
import { adminInvite } from './entry-points/cli/admin-invite.js';

// The operator's `make admin-invite` (docs/decisions/0061-admin-invitations-and-audit-log.md): a province or district
// and a one-time invitation for its first admin, stored hashed with an expiry, and an audit row of ids only.

let env: TestEnvironment;
let roleUrl: string;
/** Connections as mathgames_classes, the role the command runs as in the classes image. */
let role: Pool;

beforeAll(async () => {
  env = await createTestEnvironment({ amqp: false });
  const url = new URL(env.env.DATABASE_URL!);
  url.username = 'mathgames_classes';
  url.password = '';
  roleUrl = url.toString();
  role = createPool(roleUrl, { max: 1 });
});
afterAll(async () => {
  await role?.end();
  await env?.cleanup();
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await adminInvite(
    argv,
    { DATABASE_URL: roleUrl, PUBLIC_URL: 'https://matematik.example.org' },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  const link = out.find((line) => line.startsWith('https://'));
  return { code, out: out.join('\n'), err: err.join('\n'), token: link ? new URL(link).hash.slice(1) : null };
}

describe('make admin-invite', () => {
  it('makes the district and prints a one-time invitation, kept only as a hash with an expiry', async () => {
    const before = Date.now();
    const first = await run('--province', ' Ankara ', '--district', 'Çankaya');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/^https:\/\/matematik\.example\.org\/admin\/invitation#[A-Za-z0-9_-]{43}$/m);
    const { rows } = await env.pool.query(
      `SELECT i.*, d.name AS district, p.name AS province FROM classes.admin_invitations i
         JOIN classes.districts d ON d.id = i.district_id JOIN classes.provinces p ON p.id = d.province_id`,
    );
    expect(rows).toHaveLength(1);
    const invitation = rows[0]!;
    expect(invitation).toMatchObject({ role: 'district_admin', province: 'Ankara', district: 'Çankaya' });
    expect(invitation.token_hash).toEqual(invitationTokenHash(first.token!));
    expect(JSON.stringify(invitation)).not.toContain(first.token);
    const days = (invitation.expires_at.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(7);
    expect(days).toBeLessThan(7.01);
    expect(invitation.accepted_at).toBeNull();

    // Again for the same district: the same district, a new invitation with another token.
    const second = await run('--province', 'Ankara', '--district', 'Çankaya', '--days', '2');
    expect(second.code).toBe(0);
    expect(second.token).not.toBe(first.token);
    const districts = await env.pool.query('SELECT id FROM classes.districts');
    expect(districts.rowCount).toBe(1);
    const invitations = await env.pool.query<{ district_id: number }>(
      'SELECT district_id FROM classes.admin_invitations ORDER BY id',
    );
    expect(invitations.rows.map((r) => r.district_id)).toEqual([
      districts.rows[0]!.id,
      districts.rows[0]!.id,
    ]);
  });

  it('invites a province admin when no district is named', async () => {
    const res = await run('--province', 'İzmir');
    expect(res.code, res.err).toBe(0);
    const { rows } = await env.pool.query(
      `SELECT i.role, i.district_id, p.name FROM classes.admin_invitations i
         JOIN classes.provinces p ON p.id = i.province_id WHERE i.token_hash = $1`,
      [invitationTokenHash(res.token!)],
    );
    expect(rows).toEqual([{ role: 'province_admin', district_id: null, name: 'İzmir' }]);
  });

  it('appends an audit row per invitation, with ids only, that nobody changes or removes', async () => {
    const { rows } = await env.pool.query('SELECT * FROM classes.audit_log ORDER BY id');
    expect(rows.map((r) => r.action)).toEqual([
      'invitation.created',
      'invitation.created',
      'invitation.created',
    ]);
    for (const row of rows) {
      expect(row.actor_id).toBeNull();
      expect(row.province_id).toEqual(expect.any(Number));
      expect(row.invitation_id).toEqual(expect.any(Number));
      expect(JSON.stringify(row)).not.toMatch(/Ankara|Çankaya|İzmir/);
    }
    await expect(role.query("UPDATE classes.audit_log SET action = 'x.y'")).rejects.toThrow(
      /permission denied/,
    );
    await expect(role.query('DELETE FROM classes.audit_log')).rejects.toThrow(/permission denied/);
    await expect(role.query('TRUNCATE classes.audit_log')).rejects.toThrow(/permission denied/);
    await expect(env.pool.query('DELETE FROM classes.audit_log')).rejects.toThrow(/append-only/);
    await expect(env.pool.query("UPDATE classes.audit_log SET action = 'x.y'")).rejects.toThrow(
      /append-only/,
    );
    expect((await env.pool.query('SELECT 1 FROM classes.audit_log')).rowCount).toBe(3);
  });

  it.each([
    [['--district', 'Çankaya'], /--province/],
    [['--province', 'Ankara', '--days', '31'], /--days/],
    [['--province', 'Ankara', '--days', 'soon'], /--days/],
    [['--province', 'x'.repeat(61)], /--province/],
    [['--province', 'Ankara', '--school', 'A'], /Unknown option '--school'/],
  ])('refuses %j with a message naming the option, and writes nothing', async (argv, message) => {
    const count = async () => (await env.pool.query('SELECT 1 FROM classes.admin_invitations')).rowCount;
    const before = await count();
    const res = await run(...argv);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
    expect(res.err).toMatch(/^usage: admin-invite/m);
    expect(await count()).toBe(before);
  });

  it("gives a district admin's requests the schools of their district, a province admin's those of the province", async () => {
    const district = await env.pool.query<{ id: number; province_id: number }>(
      'SELECT id, province_id FROM classes.districts',
    );
    const { id: districtId, province_id: provinceId } = district.rows[0]!;
    const other = await env.pool.query<{ id: number }>(
      "INSERT INTO classes.districts (province_id, name) VALUES ($1, 'Keçiören') RETURNING id",
      [provinceId],
    );
    const school = async (d: number, name: string) =>
      (
        await env.pool.query<{ id: number }>(
          'INSERT INTO classes.schools (district_id, name) VALUES ($1, $2) RETURNING id',
          [d, name],
        )
      ).rows[0]!.id;
    const inDistrict = await school(districtId, 'A İlkokulu');
    const inOther = await school(other.rows[0]!.id, 'B İlkokulu');
    await env.pool.query('INSERT INTO classes.ladder_admins (user_id, district_id) VALUES (501, $1)', [
      districtId,
    ]);
    await env.pool.query('INSERT INTO classes.ladder_admins (user_id, province_id) VALUES (502, $1)', [
      provinceId,
    ]);
    const ids = async (userId: number) =>
      (await role.query<{ ids: number[] }>('SELECT classes.school_ids_of_user($1) AS ids', [userId])).rows[0]!
        .ids;
    expect(await ids(501)).toEqual([inDistrict]);
    expect(await ids(502)).toEqual([inDistrict, inOther].sort((a, b) => a - b));
  });
});
