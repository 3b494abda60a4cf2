/**
 * A class list file as the text `parseClassList` (contracts) reads: a CSV or TSV export as it is, and an Excel
 * workbook (.xlsx) as its first sheet's rows, cells separated by tabs. The workbook is read in the browser with
 * read-excel-file, loaded only when a teacher opens one.
 */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_TYPE = 'application/vnd.ms-excel';

/**
 * The file input's `accept`: the CSV, TSV and text exports, and Excel workbooks. The old binary `.xls` can be picked
 * so that it is refused with a message that says what to do (save as .xlsx or CSV), rather than read as text.
 */
export const CLASS_LIST_ACCEPT = `.csv,.txt,.tsv,.xlsx,.xls,text/csv,text/plain,${XLSX_TYPE},${XLS_TYPE}`;

const isWorkbook = (file: File) =>
  file.type === XLSX_TYPE || file.type === XLS_TYPE || /\.xlsx?$/i.test(file.name);

/** A cell as the list's text: no tab or line break inside it; a date (a birth date column) is no name. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined || cell instanceof Date) return '';
  return String(cell).replace(/[\t\r\n]+/g, ' ');
}

/** The file's text for `parseClassList`; rejects when a workbook cannot be read. */
export async function classListText(file: File): Promise<string> {
  if (!isWorkbook(file)) return file.text();
  const { readSheet } = await import('read-excel-file/universal');
  const rows = await readSheet(await file.arrayBuffer());
  return rows.map((row) => row.map(cellText).join('\t')).join('\n');
}
