import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedPorts, freePorts } from './free-ports.js';

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

describe('closedPorts', () => {
  it('gives distinct ports below the ephemeral range that refuse a connection', async () => {
    const ports = await closedPorts(4);
    expect(new Set(ports).size).toBe(4);
    for (const port of ports) {
      expect(port).toBeLessThan(1024);
      const code = await new Promise<string | undefined>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
      });
      expect(code).toBe('ECONNREFUSED');
    }
  });
});
