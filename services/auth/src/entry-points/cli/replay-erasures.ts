import { readFileSync } from 'node:fs';
import { createPool } from '@mathgames/platform';
import { parseLedger, replayErasures } from '../../domain/erasure-replay.js';

/**
 * `npm run replay-erasures -- LEDGER.csv` (DATABASE_URL: the restored database), step 4 of the restore
 * (infra/backup/restore.sh, docs/decisions/0045-erasure-ledger.md): erases again the accounts erased after the
 * backup. Prints counts only, never an id.
 */
const file = process.argv[2];
const databaseUrl = process.env.DATABASE_URL;
if (!file || !databaseUrl) {
  console.error('usage: DATABASE_URL=postgres://… replay-erasures LEDGER.csv');
  process.exit(2);
}
const pool = createPool(databaseUrl, { max: 1 });
try {
  const outcome = await replayErasures(pool, parseLedger(readFileSync(file, 'utf8')));
  console.log(
    `erasure ledger: ${outcome.missing} erasures after the backup, ${outcome.erasedAgain.length} accounts erased again`,
  );
} finally {
  await pool.end();
}
