import { randomBytes } from 'node:crypto';
import { databaseName, quoteIdent } from '@mathgames/platform';
import {
  createTestEnvironment,
  type SmtpCapture,
  startSmtpCapture,
  startTcpProxy,
  type TestEnvironment,
} from '@mathgames/platform/testing';
import pg from 'pg';
import type { ContainerPlan } from './pod-plan.js';

/**
 * This machine's Postgres, Redis and RabbitMQ (a fresh database, Redis prefix and vhost of their own) and a real
 * SMTP receiver, standing in for the data stores outside the namespace (the ExternalName Services). Each is
 * reached from the container network through a relay on the network's gateway address: the stores listen on
 * 127.0.0.1 only, and connections then arrive from there as from any local client.
 */
export interface LocalStores extends StoreRoutes {
  environment: TestEnvironment;
  mail: SmtpCapture;
  /** The address the containers reach the stores at (the container network's gateway). */
  address: string;
  close(): Promise<void>;
}

/** How the containers reach each store: what `localEnvironment` needs. */
export interface StoreRoutes {
  /** External Service name → the local store's URL (credentials, database, vhost). */
  urls: Record<string, string>;
  /** External Service name → the port of its relay on the container network's gateway. */
  ports: Record<string, number>;
  redisPrefix: string;
}

/** Which local URL each ExternalName Service of the manifests stands for. */
const localUrls = (environment: TestEnvironment, mail: SmtpCapture): Record<string, string> => ({
  postgres: environment.env.DATABASE_URL!,
  redis: environment.env.REDIS_URL!,
  rabbitmq: environment.env.AMQP_URL!,
  smtp: mail.url,
});

export async function startLocalStores(address: string, externalNames: string[]): Promise<LocalStores> {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const step of closers.splice(0).reverse()) await step().catch(() => {});
  };
  try {
    // The migration is the migrate Job's, run from the image: the database starts empty.
    const environment = await createTestEnvironment({ migrate: false });
    closers.push(() => environment.cleanup());
    const mail = await startSmtpCapture();
    closers.push(() => mail.close());
    const urls = localUrls(environment, mail);
    const unknown = externalNames.filter((name) => !urls[name]);
    if (unknown.length > 0 || externalNames.length !== Object.keys(urls).length)
      throw new Error(
        `the manifests' external services (${externalNames}) are not the ones stood in for here`,
      );
    const ports: Record<string, number> = {};
    for (const name of externalNames) {
      const target = new URL(urls[name]!);
      const relay = await startTcpProxy(
        { host: target.hostname, port: Number(target.port) },
        { host: address },
      );
      closers.push(() => relay.close());
      ports[name] = relay.port;
    }
    return { environment, mail, address, urls, ports, redisPrefix: environment.env.REDIS_PREFIX!, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * What an operator does once per database (docs/operations/deploy.md "Database roles"), on the fresh database: every
 * role the manifests' DATABASE_URLs name exists, the migration Job's role owns the database, and the service roles
 * may only connect (their schema grants come from the migrations). Roles are cluster-wide and kept.
 */
export async function prepareDatabase(stores: LocalStores, plans: ContainerPlan[]): Promise<void> {
  const roleOf = (plan: ContainerPlan) =>
    plan.env.DATABASE_URL ? decodeURIComponent(new URL(plan.env.DATABASE_URL).username) : null;
  const owner = plans.filter((p) => p.kind === 'Job').map(roleOf)[0];
  if (!owner) throw new Error('the migrate Job names no database role');
  const services = [...new Set(plans.filter((p) => p.kind === 'Deployment').map(roleOf))].filter(
    (role): role is string => role !== null && role !== owner,
  );
  const database = quoteIdent(databaseName(stores.environment.env.DATABASE_URL!));
  const admin = new pg.Client({ connectionString: stores.environment.env.DATABASE_URL });
  await admin.connect();
  try {
    for (const role of [owner, ...services]) {
      // Another run (or a migration elsewhere in the cluster) may create the same role at the same moment.
      await admin.query(
        `DO $$ BEGIN CREATE ROLE ${quoteIdent(role)} LOGIN; ` +
          'EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$',
      );
    }
    await admin.query(`ALTER DATABASE ${database} OWNER TO ${quoteIdent(owner)}`);
    await admin.query(`REVOKE ALL ON DATABASE ${database} FROM PUBLIC`);
    await admin.query(`GRANT CONNECT ON DATABASE ${database} TO ${services.map(quoteIdent).join(', ')}`);
  } finally {
    await admin.end();
  }
}

/** One random value per secret key for the whole run (every deployable must share INTERNAL_SECRET). */
export function runSecrets(): (key: string) => string {
  const values = new Map<string, string>();
  return (key) => {
    if (!values.has(key)) values.set(key, randomBytes(36).toString('base64url'));
    return values.get(key)!;
  };
}

/**
 * A plan's environment with this run's local parts: the stores' URLs keep the manifests' host names (the
 * containers resolve them to the relays) and database role, and take the relay's port and the local credentials,
 * database, vhost and Redis prefix; the Secrets' placeholders get this run's secrets; PUBLIC_URL is where the
 * browser reaches the gateway. Returns the keys it changed, so the run can say what differs from the manifests.
 */
export function localEnvironment(
  env: Record<string, string>,
  stores: StoreRoutes,
  secret: (key: string) => string,
  publicUrl: string,
): { env: Record<string, string>; changed: string[] } {
  const out: Record<string, string> = { ...env };
  for (const [key, value] of Object.entries(env)) {
    const url = /^[a-z]+:\/\//.test(value) ? new URL(value) : null;
    const port = url && stores.ports[url.hostname];
    if (url && port) {
      const local = new URL(stores.urls[url.hostname]!);
      local.hostname = url.hostname;
      local.port = String(port);
      // The role is what is under test for Postgres (each service's own); trust auth here needs no password.
      if (url.protocol.startsWith('postgres')) [local.username, local.password] = [url.username, ''];
      out[key] = local.toString();
    } else if (value === 'REPLACE_ME') out[key] = secret(key);
    else if (value.includes('REPLACE_ME'))
      throw new Error(`${key} has a placeholder the image test cannot fill`);
  }
  if ('REDIS_PREFIX' in env) out.REDIS_PREFIX = stores.redisPrefix;
  if ('PUBLIC_URL' in env) out.PUBLIC_URL = publicUrl;
  return { env: out, changed: Object.keys(out).filter((key) => out[key] !== env[key]) };
}
