import { translate } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import commonEn from './en/common.json';
import commonTr from './tr/common.json';

// Wording the specification names, word for word.
describe('the age hints of the five difficulties (product-rules.md#audience)', () => {
  it('reads "10+" for Turkish "Çok Zor", and 10-11 in English', () => {
    expect(commonTr.difficulties['very-hard']).toBe('Çok Zor');
    expect(commonTr.ages['very-hard']).toBe('10+ yaş');
    expect(commonEn.ages['very-hard']).toBe('Ages 10-11');
  });

  it('keeps the other four ranges', () => {
    expect(commonTr.ages).toMatchObject({
      'very-easy': '6-7 yaş',
      easy: '7-8 yaş',
      medium: '8-9 yaş',
      hard: '9-10 yaş',
    });
  });
});

describe("the profile's reset-link failure text (product-rules.md#errors)", () => {
  it('is the one the specification names, with its English', () => {
    expect(translate('reset_link_send_failed', 'tr')).toBe('Şifre sıfırlama bağlantısı gönderilemedi.');
    expect(translate('reset_link_send_failed', 'en')).toBe("We couldn't send the password reset link.");
  });
});
