/**
 * CSV of RFC 4180 for the flow tables, written in the browser from rows the screen already has
 * (or the server's unpaged `listAll`): fields separated by commas, records by CRLF, quoted when
 * they hold a comma, quote, CR or LF. A text a spreadsheet would run as a formula (=, +, -, @,
 * tab, CR first) gets a leading apostrophe (OWASP "CSV injection"), as the log export does. A BOM
 * first, so spreadsheets read the Chinese headers as UTF-8.
 */
export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => CsvValue;
}

export function csvText<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const line = (fields: CsvValue[]) => `${fields.map(csvField).join(',')}\r\n`;
  return `\uFEFF${line(columns.map((c) => c.title))}${rows.map((r) => line(columns.map((c) => c.value(r)))).join('')}`;
}

/** `traffic-2026-11-27.csv`: the screen's name and the local date. */
export function exportFileName(base: string, extension: 'csv' | 'png'): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${base}-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.${extension}`;
}

/** Saves a blob or data URL under `name` through a temporary link. */
export function saveFile(data: Blob | string, name: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click returns: let it go a little later.
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function saveCsv<T>(base: string, columns: readonly CsvColumn<T>[], rows: readonly T[]): void {
  saveFile(
    new Blob([csvText(columns, rows)], { type: 'text/csv;charset=utf-8' }),
    exportFileName(base, 'csv'),
  );
}
