import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { optionalTextParam } from './search-params.js';

describe('search params', () => {
  const search = z.object({ verified: optionalTextParam(10) });

  it('reads a scalar the router JSON-parsed as text', () => {
    expect(search.parse({ verified: true })).toEqual({ verified: 'true' });
    expect(search.parse({ verified: 12 })).toEqual({ verified: '12' });
    expect(search.parse({ verified: 'yes' })).toEqual({ verified: 'yes' });
  });

  it('reads anything else as absent instead of failing the page', () => {
    expect(search.parse({})).toEqual({});
    expect(search.parse({ verified: '' }).verified).toBeUndefined();
    expect(search.parse({ verified: 'x'.repeat(11) }).verified).toBeUndefined();
    expect(search.parse({ verified: { nested: 1 } }).verified).toBeUndefined();
    expect(search.parse({ verified: ['a'] }).verified).toBeUndefined();
  });
});
