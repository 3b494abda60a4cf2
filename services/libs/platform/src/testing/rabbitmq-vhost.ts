import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Per-test vhosts. The management HTTP API is used when it answers (a few ms, works for remote brokers; `.ci/run`
 * enables the plugin); otherwise the local `rabbitmqctl` (an Erlang VM start, ~0.5 s of CPU a call).
 */

/** The management API's address (RABBITMQ_MANAGEMENT_URL, else the broker's host on 15672) and Basic auth. */
export function managementBase(amqpUrl: string): { base: string; auth: string } {
  const url = new URL(amqpUrl);
  const base = process.env.RABBITMQ_MANAGEMENT_URL ?? `http://${url.hostname}:15672`;
  const user = decodeURIComponent(url.username || 'guest');
  const pass = decodeURIComponent(url.password || 'guest');
  return {
    base: base.replace(/\/$/, ''),
    auth: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
  };
}

async function management(amqpUrl: string, method: string, path: string, body?: unknown): Promise<boolean> {
  const { base, auth } = managementBase(amqpUrl);
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(2_000),
    });
    if (!res.ok && res.status !== 404)
      throw new Error(`RabbitMQ management ${method} ${path}: ${res.status}`);
    return true;
  } catch (err) {
    if ((err as Error).message.startsWith('RabbitMQ management')) throw err;
    return false; // not reachable: fall back to rabbitmqctl
  }
}

function userOf(amqpUrl: string): string {
  return decodeURIComponent(new URL(amqpUrl).username || 'guest');
}

export async function createVhost(amqpUrl: string, vhost: string): Promise<void> {
  const user = userOf(amqpUrl);
  const v = encodeURIComponent(vhost);
  if (await management(amqpUrl, 'PUT', `/vhosts/${v}`, {})) {
    await management(amqpUrl, 'PUT', `/permissions/${v}/${encodeURIComponent(user)}`, {
      configure: '.*',
      write: '.*',
      read: '.*',
    });
    return;
  }
  await run('rabbitmqctl', ['add_vhost', vhost]);
  await run('rabbitmqctl', ['set_permissions', '-p', vhost, user, '.*', '.*', '.*']);
}

export async function deleteVhost(amqpUrl: string, vhost: string): Promise<void> {
  if (await management(amqpUrl, 'DELETE', `/vhosts/${encodeURIComponent(vhost)}`)) return;
  await run('rabbitmqctl', ['delete_vhost', vhost]).catch(() => {});
}

/** Closes every client connection of one vhost from the server side (simulates a broker failover). */
export async function closeVhostConnections(
  vhost: string,
  reason = 'test: closed by server',
): Promise<number> {
  const { stdout } = await run('rabbitmqctl', [
    'list_connections',
    '-q',
    '--no-table-headers',
    'vhost',
    'name',
  ]);
  const names = stdout
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([v, name]) => v === vhost && name)
    .map(([, name]) => name!.trim());
  for (const name of names) await run('rabbitmqctl', ['close_connection', name, reason]).catch(() => {});
  return names.length;
}

export function vhostUrl(amqpUrl: string, vhost: string): string {
  const url = new URL(amqpUrl);
  url.pathname = `/${encodeURIComponent(vhost)}`;
  return url.toString();
}

/** Every queue of a vhost, as the broker lists them (declared by anyone, in the catalogue or not). */
export async function listQueues(vhost: string): Promise<string[]> {
  const { stdout } = await run('rabbitmqctl', [
    'list_queues',
    '-q',
    '--no-table-headers',
    '-p',
    vhost,
    'name',
  ]);
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Ready plus unacknowledged messages of a queue: 0 means every delivery was settled (checkQueue counts only ready). */
export async function unsettledMessages(vhost: string, queue: string): Promise<number> {
  const { stdout } = await run('rabbitmqctl', [
    'list_queues',
    '-q',
    '--no-table-headers',
    '-p',
    vhost,
    'name',
    'messages',
  ]);
  for (const line of stdout.split('\n')) {
    const [name, messages] = line.trim().split(/\s+/);
    if (name === queue) return Number(messages);
  }
  throw new Error(`queue ${queue} not found in vhost ${vhost}`);
}
