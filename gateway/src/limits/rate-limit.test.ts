import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limit.js';

describe('the rate-limit bucket of a client address', () => {
  it('is the address itself for IPv4, also when written IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 for IPv6, so rotating addresses inside one prefix shares one bucket', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the path a rate limit is keyed on', () => {
  it('is the same for every spelling of one route', async () => {
    const { normalisePath } = await import('../path-normalise.js');
    for (const spelling of [
      '/api/auth/login',
      '/api/auth/login/',
      '/api/auth/LOGIN',
      '/api/Auth/Login',
      '/api/auth/%6cogin',
      '/api/auth/%256Cogin',
      '/api//auth///login//',
      '/api/auth/login?x=1',
    ]) {
      expect(normalisePath(spelling), spelling).toBe('/api/auth/login');
    }
    expect(normalisePath('/api/auth/%E0%A4%A')).toBe('/api/auth/%e0%a4%a');
  });
});

describe('the canonical spelling of an /api path (0040)', () => {
  it('is the path as routed: no other case of a budgeted route, no empty, dot or escaped-separator segment', async () => {
    const { isCanonicalApiPath } = await import('./canonical-path.js');
    for (const path of [
      '/api/class-codes/KT7M4P',
      '/api/class-codes/kt7m4p',
      '/api/auth/login',
      '/api/profile/photos/AbC_d-12.webp',
      '/api/classes/12/pupils',
    ])
      expect(isCanonicalApiPath(path), path).toBe(true);
    for (const path of [
      '/api/class-codes/KT7M4P/',
      '/api/CLASS-CODES/KT7M4P',
      '/api/auth/Login',
      '/api/auth/%6cogin',
      '/api//auth/login',
      '/api/./class-codes/KT7M4P',
      '/api/x/../class-codes/KT7M4P',
      '/api%2fclass-codes/KT7M4P',
      '/api/%2e/class-codes/KT7M4P',
      '/api/auth/%256cogin',
      '/api\\auth\\login',
      '/API/auth/login',
    ])
      expect(isCanonicalApiPath(path), path).toBe(false);
  });
});
