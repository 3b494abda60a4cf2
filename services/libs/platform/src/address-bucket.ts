/**
 * The bucket of a client address for rate limits. An IPv6 host usually owns a whole /64, so one bucket per /64
 * stops a client from rotating addresses inside its own prefix to dodge a limit. IPv4 (also IPv4-mapped) is
 * the address itself. Gateway and auth both key their limits on it.
 */
export function addressBucket(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const bare = ip.replace(/%.*$/, '');
  const [head = '', tail = ''] = bare.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = bare.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
