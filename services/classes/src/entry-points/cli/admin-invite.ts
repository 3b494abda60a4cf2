import { parseArgs } from 'node:util';
import { createPool, redactUrl } from '@mathgames/platform';
import { z } from 'zod';
import { ADMIN_INVITATION_DAYS, inviteFirstAdmin } from '../../domain/admin-invitations.js';

// `make admin-invite PROVINCE=… [DISTRICT=…] [DAYS=…]`: the operator starts a new province or district and invites its
// first admin (docs/decisions/0061-admin-invitations-and-audit-log.md). Prints the one-time invitation; exit 1 with a
// readable message on bad input or an unreachable database.

const USAGE = `usage: admin-invite --province <name> [--district <name>] [--days <1-30, default ${ADMIN_INVITATION_DAYS}>]`;

const envSchema = z.object({
  DATABASE_URL: z.url(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
});

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

export async function adminInvite(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliOutput,
): Promise<number> {
  let args: { province?: string; district?: string; days?: string };
  try {
    args = parseArgs({
      args: argv,
      options: { province: { type: 'string' }, district: { type: 'string' }, days: { type: 'string' } },
      strict: true,
    }).values;
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  const config = envSchema.safeParse(env);
  if (!config.success) {
    io.err(`DATABASE_URL must be set to the database's URL\n${USAGE}`);
    return 1;
  }
  const days = args.days === undefined ? undefined : Number(args.days);
  const pool = createPool(config.data.DATABASE_URL, { max: 1 });
  try {
    const invitation = await inviteFirstAdmin(pool, {
      province: args.province ?? '',
      ...(args.district === undefined ? {} : { district: args.district }),
      ...(days === undefined ? {} : { days }),
    });
    const place = invitation.role === 'district_admin' ? 'district' : 'province';
    const link = new URL(`/admin/invitation#${invitation.token}`, config.data.PUBLIC_URL);
    io.out(
      `Invitation ${invitation.invitationId} for the first admin of the ${place} ` +
        `(province ${invitation.provinceId}${invitation.districtId === null ? '' : `, district ${invitation.districtId}`}), ` +
        `valid until ${invitation.expiresAt.toISOString()}:`,
    );
    io.out(link.toString());
    io.out('Shown once: only its hash is kept. Send it to the admin over a channel you trust.');
    return 0;
  } catch (err) {
    if (err instanceof z.ZodError) {
      const field = err.issues[0]?.path.join('.') ?? 'input';
      io.err(`--${field}: ${err.issues[0]?.message ?? 'invalid'}\n${USAGE}`);
      return 1;
    }
    io.err(
      `could not create the invitation on ${redactUrl(config.data.DATABASE_URL)}: ${(err as Error).message}`,
    );
    return 1;
  } finally {
    await pool.end();
  }
}
