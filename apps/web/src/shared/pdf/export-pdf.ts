/**
 * Export of a page area to PDF (spec §2): the area is drawn to a canvas by html2canvas and laid
 * on A4 pages by jsPDF, both fetched only when the first export starts. Scrolling boxes inside the
 * area marked `data-pdf-expand` are shown whole (a `data-pdf-natural` element inside unzoomed),
 * and elements marked `data-pdf-hide` (buttons,
 * pickers) are left out. The image carries every text, so no PDF font is needed for Chinese.
 */

/**
 * Sent to each `data-pdf-natural` element just before the area is captured and once it has been:
 * a drawing that leaves details out while zoomed out (the topology's port labels) draws them all
 * for the paper, synchronously, and goes back afterwards.
 */
export const PDF_CAPTURE_START = 'pdfcapturestart';
export const PDF_CAPTURE_END = 'pdfcaptureend';

/** A4 in points, and the margin around the image. */
const PAGE = { width: 595.28, height: 841.89, margin: 24 };
/** Browsers refuse canvases much beyond this many pixels a side. */
const MAX_CANVAS_SIDE = 12_000;

export function pdfFileName(base: string, at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  const safe = base.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${stamp}.pdf`;
}

/** How an image of `width` × `height` px is cut into pages of A4 (landscape when it is wide). */
export function pdfLayout(width: number, height: number) {
  const landscape = width > height;
  const pageWidth = landscape ? PAGE.height : PAGE.width;
  const pageHeight = landscape ? PAGE.width : PAGE.height;
  const usableWidth = pageWidth - 2 * PAGE.margin;
  const usableHeight = pageHeight - 2 * PAGE.margin;
  const scale = usableWidth / width;
  /** Source pixels per page. */
  const slice = Math.max(1, Math.floor(usableHeight / scale));
  return { landscape, pageWidth, pageHeight, scale, slice, pages: Math.max(1, Math.ceil(height / slice)) };
}

function expandClone(doc: Document): void {
  for (const el of doc.querySelectorAll<HTMLElement>('[data-pdf-expand]')) {
    el.style.overflow = 'visible';
    el.style.height = 'auto';
    el.style.maxHeight = 'none';
    el.style.width = 'max-content';
    el.style.maxWidth = 'none';
  }
  // A zoomed or panned drawing (the topology's stage) goes on paper whole, at 100 %.
  for (const el of doc.querySelectorAll<HTMLElement>('[data-pdf-natural]')) el.style.transform = 'none';
  for (const el of doc.querySelectorAll<HTMLElement>('[data-pdf-hide]')) el.style.visibility = 'hidden';
}

export async function exportElementToPdf(element: HTMLElement, fileName: string): Promise<void> {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([import('html2canvas'), import('jspdf')]);
  // The area's full size, scrolled parts included.
  let width = element.scrollWidth;
  let height = element.scrollHeight;
  for (const el of element.querySelectorAll<HTMLElement>('[data-pdf-expand]')) {
    width = Math.max(width, el.scrollWidth + (element.scrollWidth - el.clientWidth));
    height += Math.max(0, el.scrollHeight - el.clientHeight);
  }
  const scale = Math.min(2, MAX_CANVAS_SIDE / Math.max(width, height));
  const natural = [...element.querySelectorAll<HTMLElement>('[data-pdf-natural]')];
  for (const el of natural) el.dispatchEvent(new Event(PDF_CAPTURE_START));
  let canvas: HTMLCanvasElement;
  try {
    canvas = await html2canvas(element, {
      scale,
      backgroundColor: '#ffffff',
      logging: false,
      width,
      height,
      windowWidth: Math.max(document.documentElement.clientWidth, width),
      onclone: (doc) => expandClone(doc),
    });
  } finally {
    for (const el of natural) el.dispatchEvent(new Event(PDF_CAPTURE_END));
  }
  const layout = pdfLayout(canvas.width, canvas.height);
  const pdf = new jsPDF({
    orientation: layout.landscape ? 'landscape' : 'portrait',
    unit: 'pt',
    format: 'a4',
  });
  const page = document.createElement('canvas');
  page.width = canvas.width;
  for (let i = 0; i < layout.pages; i++) {
    const top = i * layout.slice;
    const rows = Math.min(layout.slice, canvas.height - top);
    page.height = rows;
    const ctx = page.getContext('2d');
    if (!ctx) throw new Error('canvas 2d context unavailable');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, page.width, rows);
    ctx.drawImage(canvas, 0, top, canvas.width, rows, 0, 0, canvas.width, rows);
    if (i > 0) pdf.addPage();
    pdf.addImage(
      page.toDataURL('image/jpeg', 0.92),
      'JPEG',
      PAGE.margin,
      PAGE.margin,
      canvas.width * layout.scale,
      rows * layout.scale,
    );
  }
  pdf.save(fileName);
}
