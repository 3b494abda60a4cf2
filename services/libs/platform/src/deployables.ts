/**
 * Every process of the product, once: its package, entry point, default port, the gateway's variable for it and
 * the credentials it needs. The one source of these facts: the config loaders (`DEFAULT_PORTS`, `SECRET_NEEDS`), the
 * test stack and `make start` (`@mathgames/test-stack`) import it, and the manifest tests (`k8s/*.test.ts`) check
 * the Dockerfile, docker-compose.yml and `k8s/` against it. The docs link here instead of copying it.
 */
export interface DeployableRow {
  name: string;
  /** Package directory relative to the repository root. */
  dir: string;
  entry: 'main' | 'worker';
  /** The port `make start` and the config loader's default give it (the gateway's can be moved with PORT). */
  port: number;
  /** Whether the gateway forwards to it (and which URL variable tells the gateway where it is). */
  urlVariable?: 'AUTH_URL' | 'GAME_RESULTS_URL' | 'BADGES_URL' | 'CLASSES_URL';
  /**
   * The variables that carry credentials: the only secret keys its pod gets (k8s mounts one Secret per need) and,
   * in production, the ones it refuses to start without (no silent loopback default, no development secret).
   */
  secrets: readonly string[];
}

/** In start order: the services the gateway and the classes service call come before them. */
const ROWS = [
  {
    name: 'auth',
    dir: 'services/auth',
    entry: 'main',
    port: 4001,
    urlVariable: 'AUTH_URL',
    secrets: ['DATABASE_URL', 'REDIS_URL', 'AMQP_URL', 'INTERNAL_SECRET', 'MAIL_TOKEN_KEY', 'PICTURE_KEY'],
  },
  {
    name: 'game-results',
    dir: 'services/game-results',
    entry: 'main',
    port: 4002,
    urlVariable: 'GAME_RESULTS_URL',
    secrets: ['DATABASE_URL', 'REDIS_URL', 'AMQP_URL', 'INTERNAL_SECRET'],
  },
  {
    name: 'badges',
    dir: 'services/badges',
    entry: 'main',
    port: 4003,
    urlVariable: 'BADGES_URL',
    secrets: ['DATABASE_URL', 'REDIS_URL', 'INTERNAL_SECRET'],
  },
  {
    name: 'classes',
    dir: 'services/classes',
    entry: 'main',
    port: 4004,
    urlVariable: 'CLASSES_URL',
    secrets: ['DATABASE_URL', 'INTERNAL_SECRET'],
  },
  {
    name: 'statistics-worker',
    dir: 'services/game-results',
    entry: 'worker',
    port: 4012,
    secrets: ['DATABASE_URL', 'AMQP_URL'],
  },
  {
    name: 'badge-worker',
    dir: 'services/badges',
    entry: 'worker',
    port: 4013,
    secrets: ['DATABASE_URL', 'REDIS_URL', 'AMQP_URL'],
  },
  {
    name: 'mail-worker',
    dir: 'services/mail',
    entry: 'worker',
    port: 4014,
    secrets: ['REDIS_URL', 'SMTP_URL', 'MAIL_TOKEN_KEY'],
  },
  {
    name: 'classes-worker',
    dir: 'services/classes',
    entry: 'worker',
    port: 4015,
    secrets: ['DATABASE_URL', 'AMQP_URL'],
  },
  {
    name: 'gateway',
    dir: 'gateway',
    entry: 'main',
    port: 8080,
    secrets: ['REDIS_URL', 'SESSION_SECRET', 'INTERNAL_SECRET'],
  },
] as const satisfies readonly DeployableRow[];

export type DeployableName = (typeof ROWS)[number]['name'];
export type Deployable = DeployableRow & { name: DeployableName };
export const DEPLOYABLES: readonly Deployable[] = ROWS;

/** The migration Job: run once per release before the deployables roll; it has no port and serves nothing. */
export const MIGRATE_JOB = { name: 'migrate', dir: 'services/libs/platform', entry: 'migrate-cli' } as const;

/** `http://127.0.0.1:<port>`: where a deployable listens on a development machine (the config loaders' default). */
export const localUrlOf = (name: DeployableName): string =>
  `http://127.0.0.1:${DEPLOYABLES.find((d) => d.name === name)?.port}`;
