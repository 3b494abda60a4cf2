import { type AddressInfo, createServer, type Server } from 'node:net';

/**
 * `count` distinct free ports on 127.0.0.1, for processes that must know each other's URLs before they start
 * (so PORT=0 won't do). Every probe stays open until all ports are known: a port closed and asked for again
 * often comes straight back on Linux, which would give two processes the same port. The ports are free when
 * this returns; another process may still take one before its owner binds it, so starters confirm who listens.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.unref();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = probes.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(probes.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
