import { DEFAULT_TIME_ZONE } from '@mathgames/contracts';
import { z } from 'zod';
import { DEPLOYABLES, type DeployableName, type DeployableRow } from './deployables.js';

// Known development values: fine on a laptop, refused in production so a deployment cannot forget them.
export const DEV_SESSION_SECRET = 'dev-session-secret-change-me-in-production-0000';
export const DEV_INTERNAL_SECRET = 'dev-internal-secret-change-me-in-production-000';
export const DEV_MAIL_TOKEN_KEY = 'dev-mail-token-key-change-me-in-production-0000';
export const DEV_PICTURE_KEY = 'dev-picture-key-change-me-in-production-00000000';

const port = z.coerce.number().int().min(0).max(65535);

export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .default('postgres://postgres@127.0.0.1:5432/mathgames'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]+$/, 'letters, digits and _ : . - only')
    .default('mg:'),
  AMQP_URL: z.url({ protocol: /^amqps?$/ }).default('amqp://guest:guest@127.0.0.1:5672'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Matematik Oyunları <no-reply@mathgames.local>'),
  SESSION_SECRET: z.string().default(DEV_SESSION_SECRET),
  INTERNAL_SECRET: z.string().default(DEV_INTERNAL_SECRET),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  TIME_ZONE: z.string().refine(isTimeZone, 'unknown IANA time zone').default(DEFAULT_TIME_ZONE),
};

type BaseShape = typeof baseConfigShape;
export type BaseConfig = z.infer<z.ZodObject<BaseShape>>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** What loads a config: a deployable, or the migration Job (which needs only the database). */
export type ConfigOwner = DeployableName | 'migrate';

/**
 * The variables that carry credentials, per deployable (its row of DEPLOYABLES) and for the migration Job: read by
 * each config loader (production refuses to start without them) and the manifest tests.
 */
export const SECRET_NEEDS = {
  ...byDeployable((d) => d.secrets),
  migrate: ['DATABASE_URL'],
} satisfies Record<ConfigOwner, readonly string[]>;

/** Each deployable's `PORT` when none is set: its row of DEPLOYABLES. */
export const DEFAULT_PORTS = byDeployable((d) => d.port);

function byDeployable<T>(pick: (d: DeployableRow) => T): Record<DeployableName, T> {
  return Object.fromEntries(DEPLOYABLES.map((d) => [d.name, pick(d)])) as Record<DeployableName, T>;
}

/**
 * A deployable's config loader (`loadXConfig` in each package's config.ts): the base config, the deployable's own
 * keys, and `PORT` defaulting to its row of DEFAULT_PORTS; production checks its SECRET_NEEDS.
 */
export function configLoader<Extra extends z.ZodRawShape = Record<never, never>>(
  deployable: DeployableName,
  extraShape?: Extra,
): (env?: Record<string, string | undefined>) => BaseConfig & { PORT: number } & z.infer<z.ZodObject<Extra>> {
  const shape = { PORT: port.default(DEFAULT_PORTS[deployable]), ...(extraShape ?? {}) };
  return (env = process.env) =>
    loadConfig(shape, env, { deployable }) as BaseConfig & { PORT: number } & z.infer<z.ZodObject<Extra>>;
}

const DEV_SECRETS: Record<string, string> = {
  SESSION_SECRET: DEV_SESSION_SECRET,
  INTERNAL_SECRET: DEV_INTERNAL_SECRET,
  MAIL_TOKEN_KEY: DEV_MAIL_TOKEN_KEY,
  PICTURE_KEY: DEV_PICTURE_KEY,
};

/**
 * Reads the environment once at start. Keys are the variable names (config.DATABASE_URL).
 * Each deployable passes its own extras (e.g. `{ PORT: z.coerce.number().default(4001) }`), which override the base.
 * Empty strings count as unset so `FOO=` in a compose file does not defeat a default.
 */
export function loadConfig<Extra extends z.ZodRawShape = Record<never, never>>(
  extraShape?: Extra,
  env: Record<string, string | undefined> = process.env,
  /** Which deployable loads it: production then requires exactly its SECRET_NEEDS (else both secrets). */
  options: { deployable?: ConfigOwner } = {},
): BaseConfig & z.infer<z.ZodObject<Extra>> {
  const schema = z.object({ ...baseConfigShape, ...(extraShape ?? {}) });
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const shown = key.includes('SECRET') ? '' : ` (got ${JSON.stringify(input[key] ?? null)})`;
        return `${key}: ${issue.message}${shown}`;
      }),
    );
  }
  const config = parsed.data as BaseConfig & z.infer<z.ZodObject<Extra>>;
  if (config.NODE_ENV === 'production') {
    const needs: readonly string[] = options.deployable
      ? SECRET_NEEDS[options.deployable]
      : ['SESSION_SECRET', 'INTERNAL_SECRET'];
    const problems: string[] = [];
    for (const key of needs) {
      const value = input[key];
      const isSecret = key in DEV_SECRETS;
      if (value === undefined && !isSecret) {
        problems.push(`${key}: required when NODE_ENV=production`);
        continue;
      }
      if (!isSecret) continue;
      if (value === undefined || value === DEV_SECRETS[key])
        problems.push(`${key}: the development default is refused when NODE_ENV=production`);
      else if (value.length < 32)
        problems.push(`${key}: must be at least 32 characters when NODE_ENV=production`);
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return config;
}
