/**
 * CSV of RFC 4180, written here (no CSV library is installed): fields separated by commas, records
 * by CRLF; a field holding a comma, quote, CR or LF is quoted and its quotes doubled. A field that a
 * spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so a
 * device's log text cannot run as one when the file is opened (OWASP "CSV injection").
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRecord(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** spec §9 time format, yyyy-mm-dd hh:mm:ss, in UTC (the header says so). */
export function csvTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
