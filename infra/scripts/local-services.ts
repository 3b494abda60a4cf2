import { connect } from 'node:net';

/** How to start each local service on a Debian machine (the README lists the same commands), or with Docker. */
export const START_COMMANDS = {
  Postgres: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  Redis:
    'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  RabbitMQ: 'rabbitmq-server -detached && rabbitmqctl await_startup --timeout 60',
} as const;

export type ServiceName = keyof typeof START_COMMANDS;

const COMPOSE_SERVICES: Record<ServiceName, string> = {
  Postgres: 'postgres',
  Redis: 'redis',
  RabbitMQ: 'rabbitmq',
};

const DEFAULT_PORTS: Record<string, number> = {
  'postgres:': 5432,
  'postgresql:': 5432,
  'redis:': 6379,
  'amqp:': 5672,
};

/** Whether something accepts TCP connections at the URL's host and port (enough to tell "not started"). */
export function isReachable(url: string, timeoutMs = 2_000): Promise<boolean> {
  const parsed = new URL(url);
  const port = Number(parsed.port) || DEFAULT_PORTS[parsed.protocol] || 0;
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** One line per missing service: the URL tried and the command that starts it. Empty when all are up. */
export async function missingServices(urls: Record<ServiceName, string>): Promise<string[]> {
  const entries = Object.entries(urls) as [ServiceName, string][];
  const results = await Promise.all(entries.map(([, url]) => isReachable(url)));
  return entries
    .filter((_, i) => !results[i])
    .map(
      ([name, url]) =>
        `${name} is not reachable at ${redact(url)}. Start it with: ${START_COMMANDS[name]}  ` +
        `(with Docker: docker compose up -d ${COMPOSE_SERVICES[name]})`,
    );
}
