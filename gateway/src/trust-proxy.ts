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
