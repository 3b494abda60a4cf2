import { type AddressInfo, connect, createServer, type Server } from 'node:net';

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

/**
 * `count` ports on 127.0.0.1 that nothing listens on, for a dependency that is down for a whole test. They lie
 * below the kernel's ephemeral range (where `freePorts` and every outgoing connection's own port come from): a
 * client retrying a dead ephemeral port can be handed that same port as its source and connect to itself (a TCP
 * self-connect: an open connection that never answers, so calls hang instead of failing at once). Each port is
 * checked to refuse a connection.
 */
export async function closedPorts(count: number): Promise<number[]> {
  const found: number[] = [];
  for (let port = 1023; port > 0 && found.length < count; port--) if (await refuses(port)) found.push(port);
  if (found.length < count) throw new Error(`fewer than ${count} closed ports below 1024`);
  return found;
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1_000 });
    const done = (refused: boolean) => {
      socket.destroy();
      resolve(refused);
    };
    socket.once('connect', () => done(false));
    socket.once('timeout', () => done(false));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}
