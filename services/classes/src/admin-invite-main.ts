import { adminInvite } from './entry-points/cli/admin-invite.js';

// The operator's command (`make admin-invite`, docs/decisions/0061-admin-invitations-and-audit-log.md).
process.exitCode = await adminInvite(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
