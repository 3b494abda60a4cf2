import { describe, expect, it } from 'vitest';
import { textSearchParams } from './search-params.js';

describe('search params', () => {
  const search = textSearchParams({ verified: 10 });

  it('reads a scalar the router JSON-parsed as text', () => {
    expect(search({ verified: true })).toEqual({ verified: 'true' });
    expect(search({ verified: 12 })).toEqual({ verified: '12' });
    expect(search({ verified: 'yes' })).toEqual({ verified: 'yes' });
    expect(search({ verified: 'x'.repeat(10) })).toEqual({ verified: 'x'.repeat(10) });
  });

  it('reads anything else as absent instead of failing the page', () => {
    expect(search({})).toEqual({});
    expect(search({ verified: '' }).verified).toBeUndefined();
    expect(search({ verified: 'x'.repeat(11) }).verified).toBeUndefined();
    expect(search({ verified: { nested: 1 } }).verified).toBeUndefined();
    expect(search({ verified: ['a'] }).verified).toBeUndefined();
    expect(search({ verified: null }).verified).toBeUndefined();
  });

  it('drops params it does not know', () => {
    expect(search({ verified: 'true', other: 'x' })).toEqual({ verified: 'true' });
  });
});
