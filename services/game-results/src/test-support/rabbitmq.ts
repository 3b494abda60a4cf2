import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Messages in a queue, ready plus unacknowledged: 0 means every delivery was settled. */
export async function queueDepth(vhost: string, queue: string): Promise<number> {
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
