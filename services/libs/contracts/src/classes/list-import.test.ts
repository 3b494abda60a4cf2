import { describe, expect, it } from 'vitest';
import { holdsIdNumber } from './identity-number.js';
import { newNames, parseClassList, pupilNameKey } from './list-import.js';
import { pupilNameSchema } from './pupils.js';

/** A class list as a school's spreadsheet export might hold it: a header, an identity-number column, 30 pupils. */
function classListCsv(count = 30): string {
  const rows = ['Sıra No;Öğrenci No;T.C. Kimlik No;Adı;Soyadı;Cinsiyeti'];
  for (let i = 1; i <= count; i++)
    rows.push(
      `${i};${100 + i};${String(10000000000 + i * 7919)};Öğrenci${i};Soyadı${i};${i % 2 ? 'Kız' : 'Erkek'}`,
    );
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

describe('the class list import', () => {
  it('reads a CSV export by its header: first and last name, the identity-number column dropped', () => {
    const preview = parseClassList(classListCsv());
    expect(preview.names).toHaveLength(30);
    expect(preview.names[0]).toEqual({ name: 'Öğrenci1 Soyadı1', line: 2 });
    expect(preview.idNumbersDropped).toBe(30);
    expect(JSON.stringify(preview)).not.toMatch(/\d{11}/);
  });

  it('reads a one-column "Adı Soyadı" list, quoted cells and commas', () => {
    const preview = parseClassList('"Adı Soyadı","Öğrenci No"\n"Yılmaz, Ayşe",12\n"Ali Veli",13\n');
    expect(preview.names.map((n) => n.name)).toEqual(['Yılmaz, Ayşe', 'Ali Veli']);
  });

  it('reads a paste without a header: one name per row, numbers and identity numbers dropped', () => {
    const preview = parseClassList('1\tAyşe Yılmaz\t12345678901\n2\tMehmet Can\n\n3\t\n');
    expect(preview.names.map((n) => n.name)).toEqual(['Ayşe Yılmaz', 'Mehmet Can']);
    expect(preview.idNumbersDropped).toBe(1);
    expect(preview.skipped).toBe(1);
  });

  it('never lets an identity number through inside a name, and the server schema refuses one', () => {
    const preview = parseClassList('Ayşe 123 456 789 01 Yılmaz\n');
    expect(preview.names.map((n) => n.name)).toEqual(['Ayşe Yılmaz']);
    expect(holdsIdNumber('12345678901')).toBe(true);
    expect(holdsIdNumber('123.456.789.01')).toBe(true);
    expect(holdsIdNumber('Sınıf 4-B 2025')).toBe(false);
    const refused = pupilNameSchema.safeParse('Ali 12345678901');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('pupil_name_has_id_number');
  });

  it('adds nobody twice: names already in the class, or repeated, are left out whatever their case', () => {
    expect(pupilNameKey('AYŞE  Yılmaz')).toBe(pupilNameKey('ayşe yılmaz'));
    expect(newNames(['Ayşe Yılmaz', 'ALİ VELİ', 'Ali Veli', 'Can'], ['ayşe yılmaz'])).toEqual([
      'ALİ VELİ',
      'Can',
    ]);
  });
});
