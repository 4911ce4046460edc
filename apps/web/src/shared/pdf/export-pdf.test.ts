import { describe, expect, it } from 'vitest';
import { pdfFileName, pdfLayout } from './export-pdf.ts';

describe('export to PDF', () => {
  it('names the file after the area and the time, without path characters', () => {
    expect(pdfFileName('topology-Head office', new Date(2026, 0, 2, 3, 4))).toBe(
      'topology-Head-office-20260102-0304.pdf',
    );
    expect(pdfFileName('a/b:c', new Date(2026, 10, 22, 13, 5))).toBe('a-b-c-20261122-1305.pdf');
    expect(pdfFileName('  ', new Date(2026, 0, 1))).toBe('export-20260101-0000.pdf');
  });

  it('lays a wide image on landscape A4 and cuts a tall one into pages', () => {
    const wide = pdfLayout(3000, 1000);
    expect(wide.landscape).toBe(true);
    expect(wide.pages).toBe(1);
    const tall = pdfLayout(1000, 5000);
    expect(tall.landscape).toBe(false);
    expect(tall.pages).toBe(Math.ceil(5000 / tall.slice));
    expect(tall.slice * tall.scale).toBeLessThanOrEqual(tall.pageHeight);
    expect(1000 * tall.scale).toBeLessThan(tall.pageWidth);
  });
});
