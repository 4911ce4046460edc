import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv.ts';

describe('flow CSV', () => {
  it('quotes fields with separators and doubles their quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(1536)).toBe('1536');
  });

  it('defuses texts a spreadsheet would run as formulas, not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-12.5)).toBe('-12.5');
  });

  it('writes a BOM, the header and one CRLF record per row', () => {
    const text = csvText(
      [
        { title: '网络', value: (r: { n: string; b: number }) => r.n },
        { title: 'Bytes', value: (r: { n: string; b: number }) => r.b },
      ],
      [
        { n: 'Head office', b: 1024 },
        { n: 'Shop, east', b: 0 },
      ],
    );
    expect(text).toBe('\uFEFF网络,Bytes\r\nHead office,1024\r\n"Shop, east",0\r\n');
  });
});
