import { describe, expect, it } from 'vitest';
import { signInNames } from './pupil-names.js';

describe('the names the class code shows', () => {
  it('keep one-word names and shorten a surname to its first letter', () => {
    expect(signInNames(['Ada', 'Deniz Kaya', 'Ali Can Yılmaz'])).toEqual(['Ada', 'Deniz K.', 'Ali Can Y.']);
  });

  it('use as many letters as tell pupils of the same given names apart, Turkish letters included', () => {
    expect(signInNames(['Deniz Kaya', 'Deniz Koç', 'Deniz Şen', 'Elif Kaya'])).toEqual([
      'Deniz Ka.',
      'Deniz Ko.',
      'Deniz Ş.',
      'Elif K.',
    ]);
    expect(signInNames(['İpek Işık', 'ipek ılgaz'])).toEqual(['İpek Iş.', 'ipek ıl.']);
  });

  it('never show more than the surname, even for two pupils of one name', () => {
    expect(signInNames(['Deniz Kaya', 'Deniz Kaya'])).toEqual(['Deniz K.', 'Deniz K.']);
    expect(signInNames(['Can Öz', 'Can Özen'])).toEqual(['Can Öz.', 'Can Öze.']);
  });
});
