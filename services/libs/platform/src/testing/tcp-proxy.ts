import type { AddressInfo } from 'node:net';
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Rewrites a URL (postgres://, redis://, amqp://) to go through the proxy. */
  route(url: string): string;
  /** The dependency "goes away": open connections are cut and new ones refused (nothing listens). */
  refuse(): Promise<void>;
  /** It returns, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder in front of a real server, for outage tests of one client: cutting it takes the server away from
 * that client only, while everything else (other tests, other processes) keeps using the server. It listens on
 * 127.0.0.1 and a port the system picks unless told another local address (the image test's container network
 * gateway) or port.
 */
export async function startTcpProxy(
  target: { host: string; port: number },
  listenOn: { host: string; port?: number } = { host: '127.0.0.1' },
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = listenOn.port ?? 0;

  function track(socket: net.Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  async function listen(): Promise<void> {
    const created = net.createServer((client) => {
      track(client);
      const upstream = net.connect(target.port, target.host);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(port, listenOn.host, () => resolve());
    });
    port = (created.address() as AddressInfo).port;
    server = created;
  }

  async function refuse(): Promise<void> {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await listen();
  return {
    port,
    route(url) {
      const parsed = new URL(url);
      parsed.hostname = listenOn.host;
      parsed.port = String(port);
      return parsed.toString();
    },
    refuse,
    async restore() {
      if (!server) await listen();
    },
    close: refuse,
  };
}
