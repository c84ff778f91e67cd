import PDFDocument from 'pdfkit';
import { create as createQrCode, type BitMatrix, type QRCode } from 'qrcode';
import { ASSET_LABELS_MAX, type AssetLabel, type LabelLayout } from '@caliber/contracts';

/*
 * The PDF of QR asset tags: each label has the device's QR code on its left, as tall as the label
 * (at most half its width), and beside it the device's name (bold, at most two lines), its serial
 * number and its department. Labels fill a sheet left to right, top to bottom, at the
 * manufacturer's die-cut positions, after the positions skipped on the first sheet; a roll layout
 * (one label a sheet) gives one label a page. Everything is drawn in PDF points.
 */

type Pdf = PDFKit.PDFDocument;

const MM = 72 / 25.4;

/**
 * White kept at every edge of a label, where nothing is printed: a sheet printer places the page
 * to about a millimetre, and label printers cannot print the very edge of a roll label.
 */
export const LABEL_EDGE = 1.5 * MM;

/**
 * The QR code's quiet zone, in modules. The QR specification asks for 4 modules of white around the
 * code, and 4 are kept unless that makes a module narrower than MIN_MODULE (a long address on a
 * small label); then 2, which phone cameras still read, so the code stays large enough to scan.
 * The quiet zone lies inside the label: the label's own white edge counts towards it, but nothing
 * outside the label does, since a tag is stuck on devices of any colour.
 */
export const QUIET_ZONE_MODULES = 4;
export const QUIET_ZONE_MODULES_SMALL = 2;
/** The narrowest module kept with the full quiet zone: half a millimetre, read at arm's length. */
const MIN_MODULE = 0.5 * MM;

/** Error correction M (15 %): a scuffed or partly covered tag still reads, the code stays small. */
const ERROR_CORRECTION = 'M';

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
/** Pure black: thermal label printers have no grey, and a tag is read in poor light. */
const INK = '#000000';

/** The smallest text on a label: below it a serial number is hard to read on a device. */
export const MIN_TEXT_SIZE = 5.5;
const MIN_NAME_SIZE = 6;
const NAME_LINES = 2;
/** The step by which a name or a line is shrunk to fit. */
const SIZE_STEP = 0.25;

/** A rectangle in points, from the page's top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One line of a label's text as drawn: `y` is the top of its line box. */
export interface LabelTextLine {
  text: string;
  font: (typeof FONT)[keyof typeof FONT];
  size: number;
  x: number;
  y: number;
}

/** Where a QR code goes: its top-left dark-module corner, the module size and the quiet zone. */
export interface QrPlacement {
  x: number;
  y: number;
  /** Modules on a side. */
  modules: number;
  /** The side of one module, in points. */
  module: number;
  /** The white kept around the code, in modules. */
  quietZone: number;
  /** The square the code and its quiet zone take on the label, on its left. */
  square: Box;
}

export function labelsPerSheet(layout: LabelLayout): number {
  return layout.columns * layout.rows;
}

/** The sheets (pages) `count` labels take when the first `skip` positions of the first are left empty. */
export function sheetsNeeded(count: number, layout: LabelLayout, skip: number): number {
  if (count <= 0) return 0;
  return Math.ceil((skip + count) / labelsPerSheet(layout));
}

/** The label rectangle at `position` (counted from the first sheet's first label, skip included). */
export function labelBox(layout: LabelLayout, position: number): { sheet: number; box: Box } {
  const perSheet = labelsPerSheet(layout);
  const slot = position % perSheet;
  const column = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  return {
    sheet: Math.floor(position / perSheet),
    box: {
      x: layout.margin.left + column * layout.pitch.x,
      y: layout.margin.top + row * layout.pitch.y,
      width: layout.label.width,
      height: layout.label.height,
    },
  };
}

/**
 * Writes the labels as a PDF, a page per sheet, the first `skip` positions of the first sheet left
 * empty (a sheet already part used). Resolves to the whole file.
 */
export async function writeAssetLabels(
  labels: readonly AssetLabel[],
  layout: LabelLayout,
  skip: number,
): Promise<Buffer> {
  if (labels.length === 0) throw new RangeError('There are no labels to print.');
  if (labels.length > ASSET_LABELS_MAX) {
    const most = ASSET_LABELS_MAX.toLocaleString('en');
    throw new RangeError(
      `At most ${most} labels fit in one file, not ${labels.length.toLocaleString('en')}.`,
    );
  }
  const perSheet = labelsPerSheet(layout);
  if (!Number.isInteger(skip) || skip < 0 || skip >= perSheet) {
    throw new RangeError(
      perSheet === 1
        ? 'skip must be 0: a roll has one label a page.'
        : `skip must be a whole number from 0 to ${perSheet - 1}, less than the labels on one sheet.`,
    );
  }
  const pdf = new PDFDocument({
    size: [layout.page.width, layout.page.height],
    margin: 0,
    autoFirstPage: false,
    displayTitle: true,
    lang: 'en',
    font: FONT.regular,
    info: {
      Title: 'Caliber asset labels',
      Subject: `${labels.length} asset labels`,
      Creator: 'Caliber CMMS',
      Producer: 'Caliber CMMS',
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  let sheet = -1;
  for (const [index, label] of labels.entries()) {
    const at = labelBox(layout, skip + index);
    if (at.sheet !== sheet) {
      pdf.addPage({ size: [layout.page.width, layout.page.height], margin: 0 });
      sheet = at.sheet;
    }
    drawLabel(pdf, label, at.box);
  }
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * The address's QR code. One byte-mode segment: an address is mostly lower-case letters, which
 * the other modes do not hold, so searching for a mix of modes (the library's default, a third of
 * its time) seldom makes the code smaller.
 */
export function qrCode(url: string): QRCode {
  return createQrCode([{ data: Buffer.from(url, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: ERROR_CORRECTION,
  });
}

function drawLabel(pdf: Pdf, label: AssetLabel, box: Box): void {
  const qr = qrCode(label.url);
  const placement = placeQrCode(qr.modules.size, box);
  pdf.save();
  // Nothing drawn for a label may reach the next one, whatever its text.
  pdf.rect(box.x, box.y, box.width, box.height).clip();
  drawQrCode(pdf, qr.modules, placement);
  for (const line of layOutLabelText(pdf, label, textBox(box, placement))) {
    pdf.font(line.font).fontSize(line.size).fillColor(INK);
    pdf.text(line.text, line.x, line.y, { lineBreak: false });
  }
  pdf.restore();
}

/**
 * The QR code's place on the label: a square on the label's left as tall as the label but at most
 * half its width, the code centred in it with its quiet zone, never in the label's printer-safe
 * edge. The half keeps room for the text: on an A4 sheet of 21 (63.5 × 38.1 mm) a code as tall as
 * the label would leave the text 24 mm, too narrow for a serial number at a readable size, while
 * one of 31.75 mm still has modules of 0.7 mm, read at arm's length.
 */
export function placeQrCode(modules: number, box: Box): QrPlacement {
  const side = Math.min(box.height, box.width / 2);
  const moduleFor = (quietZone: number) =>
    Math.min(side / (modules + 2 * quietZone), (side - 2 * LABEL_EDGE) / modules);
  let quietZone = QUIET_ZONE_MODULES;
  let module = moduleFor(quietZone);
  if (module < MIN_MODULE) {
    quietZone = QUIET_ZONE_MODULES_SMALL;
    module = moduleFor(quietZone);
  }
  const inset = (side - modules * module) / 2;
  return {
    x: box.x + inset,
    y: box.y + (box.height - side) / 2 + inset,
    modules,
    module,
    quietZone,
    square: { x: box.x, y: box.y + (box.height - side) / 2, width: side, height: side },
  };
}

/**
 * Draws the code as vector rectangles in one filled path: a run of dark modules in a row is one
 * rectangle. Drawn in module units (the scale does the rest), so each rectangle is four small
 * whole numbers, written as one piece of the page's content, and a sheet of codes compresses well.
 */
function drawQrCode(pdf: Pdf, matrix: BitMatrix, qr: QrPlacement): void {
  const path: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.get(row, column)) column++;
      path.push(`${start} ${row} ${column - start} 1 re`);
    }
  }
  pdf.save();
  pdf.translate(qr.x, qr.y).scale(qr.module);
  pdf.addContent(path.join('\n'));
  pdf.fill(INK);
  pdf.restore();
}

/** Where the text goes: right of the code's quiet zone, inside the label's printer-safe edge. */
export function textBox(box: Box, qr: QrPlacement): Box {
  const left = qr.square.x + qr.square.width;
  const right = box.x + box.width - LABEL_EDGE;
  return {
    x: left,
    y: box.y + LABEL_EDGE,
    width: Math.max(0, right - left),
    height: box.height - 2 * LABEL_EDGE,
  };
}

/**
 * The text's sizes on a label of this height, the same on every label of a sheet so a sheet reads
 * evenly: the details (serial number, department) from about 7 pt on the smallest labels (1 in
 * tall) to 10 pt on the largest, the name in bold a third larger.
 */
function textSizes(area: Box): { name: number; detail: number } {
  const detail = clamp(4 + area.height * 0.05, MIN_TEXT_SIZE + 0.5, 10);
  return { name: Math.min(14, detail * 1.35), detail };
}

/**
 * The label's text laid out in `area`: the name in bold, the serial number ("S/N …") and the
 * department, each on at most two lines and as large as fits them (the name down to the details'
 * size, or MIN_NAME_SIZE for one long word; the details a little smaller than their size, never
 * below MIN_TEXT_SIZE), words kept whole first, then a word too long for a line broken, last cut
 * with "…". The block is centred vertically. Every line fits `area`, measured as pdfkit measures
 * the font that draws it.
 */
export function layOutLabelText(pdf: Pdf, label: AssetLabel, area: Box): LabelTextLine[] {
  const name = printable(label.name).trim();
  const serial = printable(label.serialNumber).trim();
  const department = printable(label.department).trim();
  const widths = widthsFor(pdf);
  let { name: nameSize, detail: detailSize } = textSizes(area);
  for (;;) {
    const detail = { max: detailSize, min: Math.max(MIN_TEXT_SIZE, detailSize * 0.85) };
    const blocks = [
      // A name of many words is cut rather than drawn smaller than the details under it; one
      // long word is shrunk to the smallest name size before it is broken.
      fitText(
        widths,
        name,
        FONT.bold,
        {
          max: nameSize,
          min: Math.max(MIN_NAME_SIZE, Math.min(nameSize, detailSize)),
          wordMin: MIN_NAME_SIZE,
        },
        NAME_LINES,
        area.width,
      ),
      // A serial number is broken at its hyphens rather than shrunk to the smallest size.
      fitText(
        widths,
        serial ? `S/N ${serial}` : '',
        FONT.regular,
        { ...detail, wordMin: detail.min },
        2,
        area.width,
      ),
      fitText(widths, department, FONT.regular, { ...detail, wordMin: detail.min }, 2, area.width),
    ];
    const lines = stack(pdf, blocks, area, detailSize * 0.3);
    const last = lines.at(-1);
    const bottom = last ? last.y + lineHeight(pdf, last) : area.y;
    const smallest = nameSize <= MIN_NAME_SIZE && detailSize <= MIN_TEXT_SIZE;
    if (bottom <= area.y + area.height + 1e-6 || smallest) return lines;
    // Too tall for the label (only on labels smaller than any layout has): all a step smaller.
    nameSize = Math.max(MIN_NAME_SIZE, nameSize - SIZE_STEP);
    detailSize = Math.max(MIN_TEXT_SIZE, detailSize - SIZE_STEP);
  }
}

interface TextBlock {
  font: FontName;
  size: number;
  lines: string[];
}

/** The blocks one under the other, `gap` under the name when details follow, centred in `area`. */
function stack(pdf: Pdf, blocks: readonly TextBlock[], area: Box, gap: number): LabelTextLine[] {
  const [name, ...details] = blocks;
  const nameLines = name?.lines.length ?? 0;
  const lines = blocks.flatMap((block) =>
    block.lines.map((text) => ({ text, font: block.font, size: block.size, x: area.x })),
  );
  const gapAfter = nameLines > 0 && details.some((block) => block.lines.length > 0) ? nameLines - 1 : -1;
  const heights = lines.map((line) => lineHeight(pdf, line));
  const total = heights.reduce((sum, height) => sum + height, 0) + (gapAfter >= 0 ? gap : 0);
  let y = area.y + Math.max(0, (area.height - total) / 2);
  return lines.map((line, index) => {
    const placed = { ...line, y };
    y += (heights[index] ?? 0) + (index === gapAfter ? gap : 0);
    return placed;
  });
}

/** The height pdfkit gives one line of text (its line box, gap included): the font's, at the size. */
function lineHeight(pdf: Pdf, line: Pick<LabelTextLine, 'font' | 'size'>): number {
  return pdf.font(line.font).fontSize(line.size).currentLineHeight(true);
}

type FontName = LabelTextLine['font'];

/**
 * Text widths, as pdfkit measures them, kept per document at size 1: a width grows in proportion
 * to the size (kerning too), and a text is tried at many sizes and the same names and departments
 * recur across an inventory. The widths kept are bounded, so a file of 5,000 labels stays small.
 */
class TextWidths {
  private readonly atOne = new Map<string, number>();
  constructor(private readonly pdf: Pdf) {}

  of(font: FontName, size: number, text: string): number {
    const key = `${font === FONT.bold ? 'b' : 'r'}${text}`;
    let width = this.atOne.get(key);
    if (width === undefined) {
      if (this.atOne.size >= WIDTHS_KEPT) this.atOne.clear();
      width = this.pdf.font(font).fontSize(1).widthOfString(text);
      this.atOne.set(key, width);
    }
    return width * size;
  }
}
const WIDTHS_KEPT = 20_000;
const documentWidths = new WeakMap<Pdf, TextWidths>();

function widthsFor(pdf: Pdf): TextWidths {
  let widths = documentWidths.get(pdf);
  if (!widths) {
    widths = new TextWidths(pdf);
    documentWidths.set(pdf, widths);
  }
  return widths;
}

/** The width of a text in one font at one size. */
type Measure = (text: string) => number;

/**
 * How a word too long for a line may be broken: not at all, only after a hyphen, slash, dot,
 * underscore or colon ("SN-2019-" then "0048372"), or anywhere.
 */
type WordBreaks = 'none' | 'punctuation' | 'anywhere';
const BREAK_AFTER = /[-/._:]/;

/** The sizes a text may take: `min` when it has too many words, `wordMin` for a word too wide. */
interface SizeRange {
  max: number;
  min: number;
  wordMin: number;
}

/**
 * The text on at most `maxLines` lines of `width`: at the largest size at which its words fit
 * whole (from `max` down to `min`, or to `wordMin` when a word alone is wider than a line: a long
 * word is better smaller than broken); else with a word too long for a line broken after its
 * punctuation, else anywhere in it (each again from `max` down to `min`); else at `min`, broken,
 * the last line ending in "…". So a long serial number is kept whole on two lines before it is
 * cut, and a long name of many words is cut rather than shrunk below the details.
 */
function fitText(
  widths: TextWidths,
  text: string,
  font: FontName,
  sizes: SizeRange,
  maxLines: number,
  width: number,
): TextBlock {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return { font, size: sizes.max, lines: [] };
  const measureAt =
    (size: number): Measure =>
    (candidate) =>
      widths.of(font, size, candidate);
  const wordsFit = (measure: Measure) => words.every((word) => measure(word) <= width);
  const floor = wordsFit(measureAt(sizes.min)) ? sizes.min : Math.min(sizes.min, sizes.wordMin);
  for (const breaks of ['none', 'punctuation', 'anywhere'] as const) {
    const lowest = breaks === 'none' ? floor : sizes.min;
    for (let size = sizes.max; size >= lowest - 1e-9; size -= SIZE_STEP) {
      const measure = measureAt(size);
      if (breaks === 'none' && !wordsFit(measure)) continue;
      const lines = wrap(measure, words, width, breaks);
      if (lines.length <= maxLines) return { font, size, lines };
    }
  }
  const measure = measureAt(sizes.min);
  const lines = wrap(measure, words, width, 'anywhere');
  const kept = lines.slice(0, maxLines - 1);
  // The last line kept and the next one, cut to the width: it ends in "…", showing there is more.
  kept.push(ellipsize(measure, lines.slice(maxLines - 1, maxLines + 1).join(' '), width));
  return { font, size: sizes.min, lines: kept };
}

/**
 * Words greedily on lines no wider than `width` as `measure` gives it. A word too long for any line
 * is broken as `breaks` allows, its first piece filling the rest of the line it starts on
 * ("S/N SN-2019-" then "0048372-AB"), so a serial number takes no more lines than it must.
 */
function wrap(measure: Measure, words: readonly string[], width: number, breaks: WordBreaks): string[] {
  const lines: string[] = [];
  const fits = (text: string) => measure(text) <= width;
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate) || (!current && breaks === 'none')) {
      current = candidate;
      continue;
    }
    if (breaks === 'none' || fits(word)) {
      lines.push(current);
      current = word;
      continue;
    }
    let rest = word;
    let line = current ? `${current} ` : '';
    while (rest.length > 0) {
      let fitting = 0;
      while (fitting < rest.length && fits(line + rest.slice(0, fitting + 1))) fitting++;
      let length = fitting;
      if (breaks === 'punctuation' && length < rest.length) {
        while (length > 0 && !BREAK_AFTER.test(rest.charAt(length - 1))) length--;
      }
      if (length === 0) {
        // Nothing of the word fits this line where it may break: it starts the next line, and a
        // line that would stay empty takes what fits (at least a character; the clip bounds it).
        if (line.trim()) {
          lines.push(line.trimEnd());
          line = '';
          continue;
        }
        length = Math.max(1, fitting);
      }
      line += rest.slice(0, length);
      rest = rest.slice(length);
      if (rest.length > 0) {
        lines.push(line);
        line = '';
      }
    }
    current = line;
  }
  if (current) lines.push(current);
  return lines;
}

/** The text cut to `width`, ending in "…" when it was cut. */
function ellipsize(measure: Measure, text: string, width: number): string {
  if (measure(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}…`) <= width) low = mid;
    else high = mid - 1;
  }
  if (low === 0) return measure('…') <= width ? '…' : '';
  return `${text.slice(0, low).trimEnd()}…`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Letters the standard fonts lack and Unicode does not decompose into a base letter and an accent,
 * with the letter a reader expects in their place (a Polish "ł" reads as "l", not as "?").
 */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  ĸ: 'k',
  ŉ: "'n",
  ſ: 's',
  ə: 'e',
  Ə: 'E',
};

/**
 * The characters Helvetica (the PDF standard font, WinAnsi encoded) can draw besides ASCII and
 * Latin-1: it has no glyph beyond them, and an unmapped character would print as another one.
 */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
}

/**
 * The text in characters Helvetica can draw: composed first ("e" + combining acute is "é"), then a
 * letter it lacks loses its accent ("ș" → "s", "ł" → "l"), white space of any kind is a space, and
 * anything else (another script, a symbol, an emoji) is "?", so a label never fails on a name.
 */
export function printable(text: string): string {
  let safe = '';
  for (const char of text.normalize('NFC')) {
    if (/\s/u.test(char)) safe += ' ';
    else if (isWinAnsi(char)) safe += char;
    else if (PLAIN_LETTERS[char] !== undefined) safe += PLAIN_LETTERS[char];
    else if (/\p{M}|\p{Cc}|\p{Cf}/u.test(char)) continue;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      safe += base !== '' && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return safe.replace(/ {2,}/g, ' ');
}
