import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from './testing/index.js';

// Each service's database role reaches its own schema only, and never changes the schema.
let env: TestEnvironment;

beforeAll(async () => {
  env = await createTestEnvironment({ amqp: false });
});
afterAll(async () => {
  await env?.cleanup();
});

async function as<T>(role: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(env.env.DATABASE_URL!);
  url.username = role;
  url.password = '';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const denied = (promise: Promise<unknown>) =>
  expect(promise).rejects.toThrow(/permission denied|must be owner/);

describe('service database roles', () => {
  it.each([
    ['mathgames_auth', 'auth.users', ['results.game_results', 'badges.user_badges', 'classes.classes']],
    ['mathgames_results', 'results.game_results', ['auth.users', 'badges.user_badges', 'classes.classes']],
    ['mathgames_badges', 'badges.user_badges', ['auth.users', 'results.game_results', 'classes.classes']],
    ['mathgames_classes', 'classes.classes', ['auth.users', 'results.game_results', 'badges.user_badges']],
  ])('%s reads and writes %s, and nothing of the other schemas', async (role, own, others) => {
    await as(role, async (client) => {
      await client.query(`SELECT count(*) FROM ${own}`);
      for (const table of others) await denied(client.query(`SELECT 1 FROM ${table} LIMIT 1`));
    });
  });

  it('a service role writes rows (identity columns included) but cannot change the schema', async () => {
    await as('mathgames_auth', async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO auth.users (username, email, password_hash) VALUES ('role-test', 'r@example.com', 'x') RETURNING id`,
      );
      expect(rows[0]!.id).toBeGreaterThan(0);
      await denied(client.query('CREATE TABLE auth.sneaky (id int)'));
      await denied(client.query('ALTER TABLE auth.users ADD COLUMN sneaky int'));
      await denied(client.query('DROP TABLE auth.photos'));
      await denied(client.query('CREATE SCHEMA sneaky'));
    });
  });

  it('gets the same grants on tables a later migration creates', async () => {
    await env.pool.query('CREATE TABLE results.later_table (id int)');
    try {
      await as('mathgames_results', (client) => client.query('INSERT INTO results.later_table VALUES (1)'));
      await as('mathgames_auth', (client) => denied(client.query('SELECT * FROM results.later_table')));
    } finally {
      await env.pool.query('DROP TABLE results.later_table');
    }
  });
});
