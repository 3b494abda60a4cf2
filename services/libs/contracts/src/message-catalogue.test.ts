import { describe, expect, it } from 'vitest';
import { isMessageKey, MESSAGE_KEYS, messages, translate } from './message-catalogue.js';
import { MISTAKE_KINDS, mistakeMessageKey } from './questions/generator.js';

describe('message catalogue', () => {
  it('has a non-empty Turkish and English text for every key', () => {
    for (const key of MESSAGE_KEYS) {
      expect(messages.tr[key].length, key).toBeGreaterThan(0);
      expect(messages.en[key].length, key).toBeGreaterThan(0);
    }
    expect(Object.keys(messages.en).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it("keeps the product's Turkish texts exactly (product-rules.md#validation)", () => {
    expect(messages.tr.email_invalid).toBe('Geçerli bir e-posta adresi giriniz');
    expect(messages.tr.password_too_short).toBe('Şifre en az 6 karakter olmalıdır');
    expect(messages.tr.password_too_long).toBe('Şifre en fazla 72 karakter olabilir');
    expect(messages.tr.passwords_mismatch).toBe('Şifreler eşleşmiyor');
    expect(messages.tr.photo_too_large).toBe("Dosya boyutu 5MB'dan küçük olmalıdır");
    expect(messages.tr.verification_token_invalid).toBe("Geçersiz veya eksik doğrulama token'ı");
  });

  it('fills variables and never shows a raw code for an unknown key', () => {
    expect(translate('rate_limited', 'en', { seconds: 30 })).toBe(
      'Too many tries. Please try again in 30 seconds.',
    );
    expect(translate('welcome', 'tr', { name: 'Ada' })).toBe('Hoş geldin, Ada!');
    expect(translate('no_such_key', 'en')).toBe(messages.en.generic_error);
  });
});

describe('mistake explanations', () => {
  it('exist in both languages for every kind of wrong option', () => {
    for (const kind of MISTAKE_KINDS) expect(isMessageKey(mistakeMessageKey(kind)), kind).toBe(true);
  });
});
