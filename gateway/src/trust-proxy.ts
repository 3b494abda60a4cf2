import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * TRUST_PROXY (which hops may set X-Forwarded-For) in the two forms the gateway needs: Express's "trust proxy"
 * setting for the app, and a proxy-addr trust function for the poll fast path, which runs before Express.
 */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function trustFunction(value: string): (addr: string, i: number) => boolean {
  const setting = trustProxySetting(value);
  if (typeof setting === 'boolean') return () => setting;
  if (typeof setting === 'number') return (_addr, i) => i < setting;
  return proxyAddr.compile(
    setting
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
}

/**
 * The client address of a raw request as Express's `req.ip` would give it (proxy-addr with the trust function),
 * found once per request: the load shedder and the poll both ask. Without X-Forwarded-For it is the peer itself.
 */
export function clientAddressOf(
  trust: (addr: string, i: number) => boolean,
): (req: IncomingMessage) => string {
  const found = new WeakMap<IncomingMessage, string>();
  return (req) => {
    if (req.headers['x-forwarded-for'] === undefined) return req.socket.remoteAddress ?? '';
    let address = found.get(req);
    if (address === undefined) {
      address = proxyAddr(req, trust);
      found.set(req, address);
    }
    return address;
  };
}
