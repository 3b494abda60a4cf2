import { createLogger, purgeExpired, withTransaction } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInHousekeeping } from '../data-access/sign-in-housekeeping.js';
import { parseLedger, replayErasures } from './erasure-replay.js';

// On this file's own migrated database: no service, no broker.
let env: TestEnvironment;
beforeAll(async () => {
  env = await createTestEnvironment({ amqp: false });
});
afterAll(async () => {
  await env.cleanup();
});

async function newUser(name: string): Promise<number> {
  const { rows } = await env.pool.query<{ id: number }>(
    `INSERT INTO auth.users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
    [name, `${name}@example.com`],
  );
  return rows[0]!.id;
}

const ledgerOf = async (id: number) =>
  (await env.pool.query('SELECT erased_at FROM auth.erasure_ledger WHERE user_id = $1', [id])).rows;

describe('the erasure ledger (docs/decisions/0045-erasure-ledger.md)', () => {
  it('records every deletion of an account, and the auth service cannot take one out', async () => {
    const id = await newUser('ledger-one');
    await withTransaction(env.pool, async (tx) => {
      await tx.query('SET LOCAL ROLE mathgames_auth');
      await tx.query('DELETE FROM auth.users WHERE id = $1', [id]);
    });
    expect(await ledgerOf(id)).toHaveLength(1);
    const tamper = withTransaction(env.pool, async (tx) => {
      await tx.query('SET LOCAL ROLE mathgames_auth');
      await tx.query('DELETE FROM auth.erasure_ledger WHERE user_id = $1', [id]);
    });
    await expect(tamper).rejects.toMatchObject({ code: '42501' });
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('replays, after a restore, the erasures the restored ledger does not list, once', async () => {
    // The restored data: an account erased after the backup is back; another was never erased.
    const back = await newUser('ledger-back');
    const stays = await newUser('ledger-stays');
    const erasedAt = new Date('2026-11-30T10:00:00Z');
    // The newest ledger: the account that came back, and one created and erased after the backup.
    const later = back + 1000;
    const ledger = parseLedger(`${back},${erasedAt.toISOString()}\n${later},${erasedAt.toISOString()}\n`);
    expect(await replayErasures(env.pool, ledger)).toEqual({ missing: 2, erasedAgain: [back] });
    const { rows: users } = await env.pool.query<{ id: number }>(
      'SELECT id FROM auth.users WHERE id = ANY($1)',
      [[back, stays]],
    );
    expect(users.map((u) => u.id)).toEqual([stays]);
    expect((await ledgerOf(back))[0]?.erased_at).toEqual(erasedAt);
    // Every service hears of it: one user.deleted.v1 in the outbox, for the account that was back.
    const { rows: events } = await env.pool.query(
      `SELECT payload->>'userId' AS "userId" FROM auth.outbox WHERE destination = 'amqp'`,
    );
    expect(events).toEqual([{ userId: String(back) }]);
    // No new account takes an erased id.
    expect(await newUser('ledger-new')).toBeGreaterThan(later);
    // Replaying again changes nothing.
    expect(await replayErasures(env.pool, ledger)).toEqual({ missing: 0, erasedAgain: [] });
  });

  it('refuses a ledger line that is not "id,time"', () => {
    expect(() => parseLedger('12,not-a-time\n')).toThrow(/line 1/);
    expect(() => parseLedger('x,2026-11-30T10:00:00Z\n')).toThrow(/line 1/);
  });
});

describe('the class sign-in housekeeping', () => {
  it('purges sign-in places quiet for 30 days and ticket epochs older than a day, and keeps the rest', async () => {
    await env.pool.query(
      `INSERT INTO auth.class_sign_in_places (class_id, place, inside, window_start) VALUES
         (1, 'old', true, now() - interval '31 days'), (1, 'recent', true, now() - interval '29 days')`,
    );
    await env.pool.query(
      `INSERT INTO auth.class_ticket_epochs (class_id, tickets_valid_after) VALUES
         (1, now() - interval '25 hours'), (2, now() - interval '1 hour')`,
    );
    for (const options of signInHousekeeping(env.pool, createLogger('test', 'silent')))
      await purgeExpired(options);
    const places = await env.pool.query('SELECT place FROM auth.class_sign_in_places ORDER BY place');
    expect(places.rows).toEqual([{ place: 'recent' }]);
    const epochs = await env.pool.query('SELECT class_id FROM auth.class_ticket_epochs');
    expect(epochs.rows).toEqual([{ class_id: 2 }]);
  });
});
