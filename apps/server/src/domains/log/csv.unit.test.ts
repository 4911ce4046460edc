import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, csvTime } from './csv.ts';

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvRecord(['x', 'y,z', 3])).toBe('x,"y,z",3\r\n');
  });
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
  });
  it('writes times as yyyy-mm-dd hh:mm:ss UTC', () => {
    expect(csvTime(Date.UTC(2026, 10, 21, 8, 5, 9))).toBe('2026-11-21 08:05:09');
  });
});
