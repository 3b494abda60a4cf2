import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from './free-ports.js';

describe('freePorts', () => {
  it('gives distinct ports that can be listened on, also when asked again and again', async () => {
    for (let round = 0; round < 20; round++) {
      const ports = await freePorts(10);
      expect(new Set(ports).size).toBe(10);
      const servers = await Promise.all(
        ports.map(
          (port) =>
            new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
              const server = createServer();
              server.once('error', reject);
              server.listen(port, '127.0.0.1', () => resolve(server));
            }),
        ),
      );
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
