/**
 * The class list from e-Okul (docs/product-rules.md#class-list-import): a teacher pastes names from a spreadsheet or opens the class list file
 * e-Okul exports as CSV, sees a preview, and saves. No Turkish national identity number (T.C. kimlik no, 11
 * digits) is ever kept: a column headed as one, or any 11-digit number, is dropped before the preview, and the
 * server refuses a name that still holds one. The column names e-Okul uses could not be checked here, so columns
 * are recognised by their Turkish or English header words (Adı, Soyadı, Adı Soyadı, Name…), and a file without a
 * recognised header is read as one name per row (the first cell that is not a number).
 */
import { holdsIdNumber, ID_NUMBER } from './identity-number.js';
import { PUPIL_NAME_MAX } from './pupils.js';

const fold = (s: string) =>
  s
    .toLocaleLowerCase('tr-TR')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The key two spellings of one name share: case, Turkish letters and spacing do not matter. */
export function pupilNameKey(name: string): string {
  return fold(name);
}

function splitRow(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') quoted = true;
    else if (c === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

function delimiterOf(lines: string[]): string {
  const sample = lines.slice(0, 5).join('\n');
  const counts = ['\t', ';', ','].map((d) => [d, sample.split(d).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : '\t';
}

const HEADER = {
  full: [
    'adi soyadi',
    'ad soyad',
    'adi ve soyadi',
    'ogrenci adi soyadi',
    'name',
    'full name',
    'pupil',
    'student',
  ],
  first: ['adi', 'ad', 'ogrenci adi', 'first name', 'given name'],
  last: ['soyadi', 'soyad', 'last name', 'surname', 'family name'],
  id: ['kimlik', 'tc', 't c', 'tckn', 'identity'],
};

const isNumberCell = (cell: string) => /^[\d\s.,/-]*$/.test(cell);

export interface ImportedName {
  name: string;
  /** The line of the file or paste it came from (1-based), for the preview. */
  line: number;
}

export interface ClassListPreview {
  names: ImportedName[];
  /** Cells dropped because they held an identity number (counted, never shown). */
  idNumbersDropped: number;
  /** Rows that gave no name (blank, numbers only, or a header). */
  skipped: number;
}

/**
 * Reads a pasted list or a CSV/TSV export into names: a header row picks the name columns (Adı + Soyadı, or one
 * Adı Soyadı column); identity-number columns and 11-digit numbers are dropped; names are cut to PUPIL_NAME_MAX.
 */
export function parseClassList(text: string): ClassListPreview {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const delimiter = delimiterOf(lines.filter((l) => l.trim() !== ''));
  let idNumbersDropped = 0;
  let skipped = 0;
  let columns: { full?: number; first?: number; last?: number; ids: number[] } | null = null;
  const names: ImportedName[] = [];
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const cells = splitRow(raw, delimiter);
    const folded = cells.map(fold);
    if (columns === null) {
      const find = (words: string[]) => folded.findIndex((c) => words.includes(c));
      const full = find(HEADER.full);
      const first = find(HEADER.first);
      const last = find(HEADER.last);
      if (full >= 0 || first >= 0) {
        columns = {
          ...(full >= 0 ? { full } : {}),
          ...(first >= 0 ? { first } : {}),
          ...(last >= 0 ? { last } : {}),
          ids: folded.flatMap((c, i) =>
            HEADER.id.some((w) => c.split(' ').includes(w) || c === w) ? [i] : [],
          ),
        };
        skipped++;
        return;
      }
    }
    let name: string;
    if (columns) {
      const { full, first, last, ids } = columns;
      idNumbersDropped += ids.filter((i) => cells[i] && holdsIdNumber(cells[i]!)).length;
      name =
        full !== undefined
          ? (cells[full] ?? '')
          : [first !== undefined ? cells[first] : '', last !== undefined ? cells[last] : ''].join(' ');
    } else {
      idNumbersDropped += cells.filter((c) => holdsIdNumber(c)).length;
      name = cells.find((c) => c !== '' && !isNumberCell(c)) ?? '';
    }
    if (holdsIdNumber(name)) {
      idNumbersDropped++;
      name = name.replace(new RegExp(ID_NUMBER.source, 'g'), ' ');
    }
    name = name.replace(/\s+/g, ' ').trim().slice(0, PUPIL_NAME_MAX).trim();
    if (name === '' || isNumberCell(name)) {
      skipped++;
      return;
    }
    names.push({ name, line: index + 1 });
  });
  return { names, idNumbersDropped, skipped };
}

/** The names not yet in the class (by pupilNameKey), each once: what an import adds. */
export function newNames(names: readonly string[], present: readonly string[]): string[] {
  const seen = new Set(present.map(pupilNameKey));
  const out: string[] = [];
  for (const name of names) {
    const key = pupilNameKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}
