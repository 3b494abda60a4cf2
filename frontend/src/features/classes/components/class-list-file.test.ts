import { parseClassList } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { classListText } from './class-list-file.js';

const born = (date: string) => ({ value: new Date(date), type: Date, format: 'dd.mm.yyyy' });

describe('a class list file', () => {
  it("reads an Excel export's first sheet: the names, without identity numbers or birth dates", async () => {
    const sheet = [
      ['Sıra No', 'Öğrenci No', 'T.C. Kimlik No', 'Adı', 'Soyadı', 'Doğum Tarihi'],
      [1, 101, 12345678901, 'Deniz', 'Kaya', born('2019-04-02')],
      [2, 102, '23456789012', 'Ayşe Nur', 'Yıldız', born('2019-06-06')],
      [3, 103, null, 'Çağrı', 'Öztürk', null],
    ];
    const file = new File([await writeXlsxFile(sheet).toBlob()], 'sinif-listesi.xlsx');
    const text = await classListText(file);
    expect(text).not.toMatch(/2019/);
    const preview = parseClassList(text);
    expect(preview.names.map((n) => n.name)).toEqual(['Deniz Kaya', 'Ayşe Nur Yıldız', 'Çağrı Öztürk']);
    expect(preview.idNumbersDropped).toBe(2);
  });

  it('reads a CSV export as it is', async () => {
    const file = new File(['Adı;Soyadı\r\nDeniz;Kaya'], 'liste.csv', { type: 'text/csv' });
    expect(parseClassList(await classListText(file)).names.map((n) => n.name)).toEqual(['Deniz Kaya']);
  });

  it('rejects a file named .xlsx that is not a workbook, and an old binary .xls', async () => {
    await expect(classListText(new File(['Adı;Soyadı'], 'liste.xlsx'))).rejects.toThrow();
    const xls = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])], 'liste.xls');
    await expect(classListText(xls)).rejects.toThrow();
  });
});
