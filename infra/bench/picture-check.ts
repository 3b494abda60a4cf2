/**
 * `node --conditions=source --import tsx infra/bench/picture-check.ts`: the CPU one picture-password check costs,
 * argon2id (the stored form before docs/decisions/0055-keyed-picture-hash.md) beside the keyed HMAC, one check at a
 * time on one core. CPU time (process.cpuUsage), not wall time, so a busy shared machine skews it less.
 */
import { hashPassword, PicturePasswords } from '@mathgames/auth/testing';

const SECRET = 'moon:fish:kite';
const WRONG = 'moon:fish:cat';

async function cpuMsPerCheck(runs: number, check: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(runs, 20); i++) await check(i);
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await check(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}

const pictures = new PicturePasswords('bench-picture-key-000000000000000000000000');
const keyed = pictures.hash(SECRET);
const argon = await hashPassword(SECRET);

const argonMs = await cpuMsPerCheck(40, (i) => pictures.verify(argon, i % 2 ? SECRET : WRONG));
const keyedMs = await cpuMsPerCheck(20_000, (i) => pictures.verify(keyed, i % 2 ? SECRET : WRONG));

const row = (name: string, ms: number) =>
  `${name.padEnd(28)} ${ms.toFixed(ms < 1 ? 4 : 1).padStart(9)} ms CPU/check  ${Math.round(1000 / ms)
    .toLocaleString('en')
    .padStart(10)} checks/s per core`;
console.log(row('argon2id (19 MiB, t=2, p=1)', argonMs));
console.log(row('HMAC-SHA-256 (PICTURE_KEY)', keyedMs));
console.log(`ratio: ${Math.round(argonMs / keyedMs).toLocaleString('en')}x`);
