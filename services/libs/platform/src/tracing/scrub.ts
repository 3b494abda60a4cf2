/**
 * What the library instrumentations may record that could identify a child or open an account: client addresses,
 * user agents, query strings (verification and reset links carry tokens), peer addresses of server spans. Dropped
 * before export; URLs keep their path.
 */
const DROPPED = new Set([
  'client.address',
  'client.port',
  'network.peer.address',
  'network.peer.port',
  'user_agent.original',
  'http.user_agent',
  'http.client_ip',
  'net.peer.ip',
  'url.query',
  'http.request.header.cookie',
  'http.request.header.authorization',
  'enduser.id',
]);
const URLS = ['url.full', 'url.path', 'http.url', 'http.target'];
/** Long opaque segments (tickets, tokens, file names) and the class code after `class-codes/`. */
const SECRET_SEGMENT = /^[\w.-]{20,}$/;

/** A URL or path without its query string and without segments that work as credentials. */
export function scrubUrl(url: string): string {
  const query = url.indexOf('?');
  const bare = query >= 0 ? url.slice(0, query) : url;
  const parts = bare.split('/');
  for (let i = 0; i < parts.length; i++) {
    if (SECRET_SEGMENT.test(parts[i]!) || (i > 0 && parts[i - 1] === 'class-codes' && parts[i]))
      parts[i] = ':redacted';
  }
  return parts.join('/');
}

export function scrubAttributes(attributes: Record<string, unknown>): void {
  for (const key of Object.keys(attributes)) {
    if (DROPPED.has(key) || key.startsWith('http.request.header.') || key.startsWith('db.query.parameter'))
      delete attributes[key];
  }
  for (const key of URLS) {
    const value = attributes[key];
    if (typeof value === 'string') attributes[key] = scrubUrl(value);
  }
}
