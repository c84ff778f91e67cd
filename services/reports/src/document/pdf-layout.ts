/** The PDF's look and the text and page helpers its parts share. */

export type Pdf = PDFKit.PDFDocument;

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
} as const;

export const COLOR = {
  brand: '#1F3A5F',
  brandLight: '#DCE6F1',
  text: '#222222',
  muted: '#666666',
  faint: '#999999',
  rule: '#C9D2DC',
  grid: '#E3E7EC',
  zebra: '#F3F6F9',
  tile: '#F4F6F9',
  white: '#FFFFFF',
} as const;

/** Series colours, distinct from one another also for colour-blind readers and in print. */
export const SERIES_COLORS = [
  '#2E5A88',
  '#E07B39',
  '#3A9D7A',
  '#C8454B',
  '#7A5BA6',
  '#D4A72C',
  '#4FA3C7',
  '#8C6D5A',
  '#8C8C8C',
] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] ?? COLOR.brand;
}

export const PAGE_MARGIN = 50;

export function contentLeft(pdf: Pdf): number {
  return pdf.page.margins.left;
}

export function contentWidth(pdf: Pdf): number {
  return pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
}

/** The lowest y content may reach on the page. */
export function contentBottom(pdf: Pdf): number {
  return pdf.page.height - pdf.page.margins.bottom;
}

/** Starts a new page unless `height` more points fit under the current position. */
export function ensureSpace(pdf: Pdf, height: number): boolean {
  if (pdf.y + height <= contentBottom(pdf)) return false;
  pdf.addPage();
  return true;
}

/**
 * The characters the standard fonts can draw (WinAnsi): Helvetica without an embedded font has no
 * glyphs beyond it, and an unmapped character would print as some other one.
 */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

function isWinAnsi(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
}

/** The text in characters Helvetica can draw: accents it lacks are dropped ("ş" → "s"), the rest is "?". */
export function winAnsi(text: string): string {
  let safe = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (isWinAnsi(code)) safe += char;
    else if (/\s/.test(char)) safe += ' ';
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      safe += base !== '' && [...base].every((c) => isWinAnsi(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return safe;
}

/** Sets font, size and colour in one call. */
export function useFont(pdf: Pdf, font: string, size: number, color: string = COLOR.text): Pdf {
  return pdf.font(font).fontSize(size).fillColor(color);
}

/** Draws one line at a point without wrapping or moving to a new page. */
export function textAt(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  pdf.text(winAnsi(text), x, y, { lineBreak: false, ...options });
}

/** Draws one line whose right edge is at `right`. */
export function textRightAt(pdf: Pdf, text: string, right: number, y: number): void {
  const safe = winAnsi(text);
  pdf.text(safe, right - pdf.widthOfString(safe), y, { lineBreak: false });
}

/** Draws one line centred on `centre`. */
export function textCentredAt(pdf: Pdf, text: string, centre: number, y: number): void {
  const safe = winAnsi(text);
  pdf.text(safe, centre - pdf.widthOfString(safe) / 2, y, { lineBreak: false });
}

/** The text cut to `width` in the current font, ending in "…" when it was cut. */
export function ellipsize(pdf: Pdf, text: string, width: number): string {
  const safe = winAnsi(text);
  if (pdf.widthOfString(safe) <= width) return safe;
  let low = 0;
  let high = safe.length;
  // Binary search on the prefix length: free-text cells can be long.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (pdf.widthOfString(`${safe.slice(0, mid).trimEnd()}…`) <= width) low = mid;
    else high = mid - 1;
  }
  if (low === 0) return pdf.widthOfString('…') <= width ? '…' : '';
  return `${safe.slice(0, low).trimEnd()}…`;
}

/**
 * The text wrapped to `width` in the current font, at most `maxLines` lines, the last ending in
 * "…" when there was more: a table row keeps a known height whatever a cell holds.
 */
export function fitLines(pdf: Pdf, text: string, width: number, maxLines: number): string[] {
  const words = winAnsi(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    const candidate = current ? `${current} ${word}` : word;
    if (pdf.widthOfString(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      // Words are left over: they go on the last line, which the cut below ends in "…".
      lines[maxLines - 1] = `${lines[maxLines - 1] ?? ''} ${words.slice(index).join(' ')}`;
      current = '';
      break;
    }
  }
  if (current) lines.push(current);
  // A single word wider than the column is cut too, rather than spilling into the next cell.
  return lines.map((line) => ellipsize(pdf, line, width));
}

/** A block's heading (a table's, a chart's), kept on one page with `keepWith` points of what follows. */
export function blockHeading(pdf: Pdf, title: string, keepWith: number): void {
  useFont(pdf, FONT.bold, 11.5, COLOR.brand);
  const height = pdf.heightOfString(winAnsi(title), { width: contentWidth(pdf) });
  // A new page starts with the default colour: set the font after the page is settled.
  ensureSpace(pdf, height + 6 + keepWith);
  useFont(pdf, FONT.bold, 11.5, COLOR.brand);
  pdf.text(winAnsi(title), contentLeft(pdf), pdf.y, { width: contentWidth(pdf) });
  pdf.y += 4;
}

/** A paragraph across the content width; pdfkit carries it on to the next page when it must. */
export function paragraph(
  pdf: Pdf,
  text: string,
  options: { italic?: boolean; color?: string; size?: number } = {},
): void {
  const font = () =>
    useFont(
      pdf,
      options.italic ? FONT.italic : FONT.regular,
      options.size ?? 10,
      options.color ?? COLOR.text,
    );
  ensureSpace(pdf, font().currentLineHeight(true) * 2);
  font();
  pdf.text(winAnsi(text), contentLeft(pdf), pdf.y, { width: contentWidth(pdf), lineGap: 2 });
  pdf.y += 6;
}
