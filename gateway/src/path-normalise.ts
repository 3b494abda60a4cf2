/**
 * The path a rate limit is keyed on: the form the services' routers treat as the same route. Express matches
 * case-insensitively and ignores a trailing slash, and `%6c` or `//` are other spellings of the same path, so
 * `/api/Auth//LOGIN/` must spend the login budget exactly like `/api/auth/login`.
 */
export function normalisePath(rawPath: string): string {
  let path = rawPath.split('?', 1)[0] ?? '';
  // Decode repeatedly (%256c → %6c → l) but never more than a few rounds; a malformed escape stays as written.
  for (let round = 0; round < 3 && path.includes('%'); round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}
