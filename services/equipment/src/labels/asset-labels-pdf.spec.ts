import PDFDocument from 'pdfkit';
import { create as createQrCode } from 'qrcode';
import {
  ASSET_LABELS_MAX,
  labelLayout,
  LABEL_LAYOUTS,
  type AssetLabel,
  type LabelLayout,
} from '@caliber/contracts';
import {
  labelBox,
  LABEL_EDGE,
  labelsPerSheet,
  layOutLabelText,
  MIN_TEXT_SIZE,
  placeQrCode,
  printable,
  QUIET_ZONE_MODULES,
  QUIET_ZONE_MODULES_SMALL,
  sheetsNeeded,
  textBox,
  writeAssetLabels,
  type Box,
} from './asset-labels-pdf';
import {
  decode,
  endReadBack,
  isBlank,
  pageCount,
  pageText,
  renderPage,
  run,
  save,
  startReadBack,
} from './pdf-read-back';

const MM = 72 / 25.4;

beforeAll(startReadBack);
afterAll(endReadBack);

/** A device address as the service makes them: the public origin and the equipment's id. */
function url(index: number): string {
  const hex = index.toString(16).padStart(12, '0');
  return `https://caliber.st-marys-hospital.example/equipment/4f6c2a1e-9b3d-4c7a-8e21-${hex}`;
}

const NAMES = [
  'Infusion pump',
  'Défibrillateur Zoll',
  'Syringe driver',
  'Patient monitor',
  'Anaesthesia workstation',
  'Ventilator',
  'ECG recorder',
];
const DEPARTMENTS = ['Cardiology', 'Intensive Care', 'Theatres', 'A&E', 'Neonatal Unit'];

function labels(count: number): AssetLabel[] {
  return Array.from({ length: count }, (_, index) => ({
    name: NAMES[index % NAMES.length] ?? 'Device',
    serialNumber: `SN${(40_000 + index * 37).toString()}`,
    department: DEPARTMENTS[index % DEPARTMENTS.length] ?? 'Ward',
    url: url(index),
  }));
}

const one = labels(1)[0] as AssetLabel;

/**
 * Every position of every page: the label drawn there decodes to its device's address, and a
 * position skipped or past the last label is left white.
 */
async function expectCodesInPlace(
  file: string,
  printed: readonly AssetLabel[],
  layout: LabelLayout,
  skip: number,
) {
  const perSheet = labelsPerSheet(layout);
  const pages = sheetsNeeded(printed.length, layout, skip);
  for (let page = 0; page < pages; page++) {
    const image = await renderPage(file, page + 1);
    const found: (string | null)[] = [];
    const expected: (string | null)[] = [];
    for (let slot = 0; slot < perSheet; slot++) {
      const position = page * perSheet + slot;
      const label = printed[position - skip];
      const { box } = labelBox(layout, position);
      if (label) {
        expected.push(label.url);
        found.push(decode(image, box));
      } else {
        expected.push(null);
        found.push(isBlank(image, box) ? null : 'something printed');
      }
    }
    expect({ page: page + 1, codes: found }).toEqual({ page: page + 1, codes: expected });
  }
}

describe('the sheet', () => {
  it('counts the labels of a sheet and the sheets a print takes, skipped positions included', () => {
    const a4 = labelLayout('a4-21');
    expect(labelsPerSheet(a4)).toBe(21);
    expect(sheetsNeeded(21, a4, 0)).toBe(1);
    expect(sheetsNeeded(21, a4, 1)).toBe(2);
    expect(sheetsNeeded(22, a4, 0)).toBe(2);
    expect(sheetsNeeded(0, a4, 5)).toBe(0);
    expect(sheetsNeeded(ASSET_LABELS_MAX, a4, 20)).toBe(Math.ceil((ASSET_LABELS_MAX + 20) / 21));
    expect(sheetsNeeded(3, labelLayout('roll-62x29'), 0)).toBe(3);
  });

  it('puts a label at its die-cut position: left to right, then the next row, then the next sheet', () => {
    const letter = labelLayout('letter-30');
    expect(labelBox(letter, 0)).toEqual({
      sheet: 0,
      box: { x: 0.1875 * 72, y: 0.5 * 72, width: 2.625 * 72, height: 72 },
    });
    expect(labelBox(letter, 4).box).toMatchObject({ x: (0.1875 + 2.75) * 72, y: 1.5 * 72 });
    expect(labelBox(letter, 29)).toMatchObject({ sheet: 0, box: { x: (0.1875 + 5.5) * 72, y: 9.5 * 72 } });
    expect(labelBox(letter, 30)).toMatchObject({ sheet: 1, box: { x: 0.1875 * 72, y: 0.5 * 72 } });
  });

  it.each(LABEL_LAYOUTS.map((layout) => [layout.id, layout] as const))(
    'keeps every label of %s on its page',
    (_id, layout) => {
      for (let slot = 0; slot < labelsPerSheet(layout); slot++) {
        const { box } = labelBox(layout, slot);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(layout.page.width + 1e-6);
        expect(box.y + box.height).toBeLessThanOrEqual(layout.page.height + 1e-6);
      }
    },
  );

  it('refuses a print that is empty, too large, or skips a whole sheet', async () => {
    const a4 = labelLayout('a4-21');
    await expect(writeAssetLabels([], a4, 0)).rejects.toThrow('no labels');
    const tooMany = Array.from({ length: ASSET_LABELS_MAX + 1 }, () => one);
    await expect(writeAssetLabels(tooMany, a4, 0)).rejects.toThrow('At most 5,000 labels');
    await expect(writeAssetLabels(labels(1), a4, 21)).rejects.toThrow('skip');
    await expect(writeAssetLabels(labels(1), a4, -1)).rejects.toThrow('skip');
    await expect(writeAssetLabels(labels(1), labelLayout('roll-2x1'), 1)).rejects.toThrow('skip');
  });
});

describe('the PDF read back', () => {
  it('prints an A4 sheet of 21 after the skipped positions: each code on its label, in order, and the text', async () => {
    const layout = labelLayout('a4-21');
    const printed = labels(30);
    const file = await save(await writeAssetLabels(printed, layout, 5));
    expect(await pageCount(file)).toBe(2);
    await expectCodesInPlace(file, printed, layout, 5);
    // The first sheet holds labels 0–15 (after 5 empty positions), the second 16–29.
    const expectedText = (from: number, to: number) =>
      printed
        .slice(from, to)
        .map((label) => `${printable(label.name)} S/N ${label.serialNumber} ${label.department}`)
        .join(' ');
    expect(await pageText(file, 1)).toBe(expectedText(0, 16));
    expect(await pageText(file, 2)).toBe(expectedText(16, 30));
  });

  it('prints a Letter sheet of 30 and starts a second sheet for the 31st label', async () => {
    const layout = labelLayout('letter-30');
    const printed = labels(31);
    const file = await save(await writeAssetLabels(printed, layout, 0));
    expect(await pageCount(file)).toBe(2);
    await expectCodesInPlace(file, printed, layout, 0);
    expect(await pageText(file, 2)).toBe('Syringe driver S/N SN41110 Cardiology');
  });

  it('prints a roll label a page, each page the label itself', async () => {
    const layout = labelLayout('roll-62x29');
    const printed = labels(3);
    const file = await save(await writeAssetLabels(printed, layout, 0));
    expect(await pageCount(file)).toBe(3);
    const { stdout } = await run('pdfinfo', [file]);
    expect(stdout).toMatch(/Page size:\s+175\.748 x 82\.2047 pts/);
    await expectCodesInPlace(file, printed, layout, 0);
    for (const [index, label] of printed.entries()) {
      expect(await pageText(file, index + 1)).toBe(
        `${label.name} S/N ${label.serialNumber} ${label.department}`,
      );
    }
  });

  it('still decodes a long address on the smallest label, with the smaller quiet zone', async () => {
    const layout = labelLayout('roll-2x1');
    const long = `https://assets.biomedical-engineering.st-marys-university-hospital.example/equipment/${'a'.repeat(8)}-4c7a-4e21-8e21-${'0'.repeat(12)}?from=tag`;
    expect(
      placeQrCode(createQrCode(long, { errorCorrectionLevel: 'M' }).modules.size, labelBox(layout, 0).box),
    ).toMatchObject({ quietZone: QUIET_ZONE_MODULES_SMALL });
    const file = await save(await writeAssetLabels([{ ...one, url: long }], layout, 0));
    await expectCodesInPlace(file, [{ ...one, url: long }], layout, 0);
  });

  it('draws the codes as vectors (no images) and names the file', async () => {
    const file = await save(await writeAssetLabels(labels(4), labelLayout('a4-24'), 0));
    const { stdout: images } = await run('pdfimages', ['-list', file]);
    expect(images.trim().split('\n')).toHaveLength(2); // the header lines only
    const { stdout: info } = await run('pdfinfo', [file]);
    expect(info).toMatch(/^Title:\s+Caliber asset labels$/m);
    expect(info).toMatch(/^Creator:\s+Caliber CMMS$/m);
    expect(info).toMatch(/^Producer:\s+Caliber CMMS$/m);
  });

  it('prints accented names as they are, and a character Helvetica lacks as its plain letter or "?"', async () => {
    const printed: AssetLabel[] = [
      { name: 'Pompe à perfusion Müller', serialNumber: 'ÉÇ-1', department: 'Réanimation', url: url(1) },
      { name: 'Monitor Łódź Kraków', serialNumber: 'Ș-2', department: 'Oddział', url: url(2) },
      { name: '监护仪 monitor 😷', serialNumber: 'X\u0301-3', department: 'Ward\u00a07\u200b', url: url(3) },
    ];
    const file = await save(await writeAssetLabels(printed, labelLayout('a4-14'), 0));
    expect(await pageText(file, 1)).toBe(
      'Pompe à perfusion Müller S/N ÉÇ-1 Réanimation Monitor Lódz Kraków S/N S-2 Oddzial ??? monitor ? S/N X-3 Ward 7',
    );
    await expectCodesInPlace(file, printed, labelLayout('a4-14'), 0);
  });

  it('keeps a very long name, serial number and department inside their label', async () => {
    const layout = labelLayout('letter-30');
    const long: AssetLabel = {
      name: 'Anaesthesia workstation with integrated ventilator, gas monitoring and patient monitor Elektrokardiographiegerätezubehörsatz',
      serialNumber: 'SN-2019-0048372-AB-99182736-XZ-00017',
      department: 'Intensive Care Unit (ICU), North Wing, Level 3, Bay 12, beside the nurses’ station',
      url: url(7),
    };
    const printed = [...labels(4), long, ...labels(4)];
    const file = await save(await writeAssetLabels(printed, layout, 0));
    const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']);
    const words = [
      ...stdout.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ];
    expect(words.length).toBeGreaterThan(30);
    const boxes = printed.map((_, position) => labelBox(layout, position).box);
    const inside = (box: Box, x0: number, y0: number, x1: number, y1: number) =>
      x0 >= box.x + LABEL_EDGE - 0.01 &&
      x1 <= box.x + box.width - LABEL_EDGE + 0.01 &&
      y0 >= box.y - 0.01 &&
      y1 <= box.y + box.height + 0.01;
    const longWords: string[] = [];
    for (const [, x0, y0, x1, y1, text] of words) {
      const at = boxes.findIndex((box) => inside(box, Number(x0), Number(y0), Number(x1), Number(y1)));
      expect({ word: text, inALabel: at >= 0 }).toEqual({ word: text, inALabel: true });
      if (at === 4) longWords.push(text ?? '');
    }
    // The long label shows the start of each field, cut with "…", and the whole serial number.
    const shown = longWords.join(' ');
    expect(shown).toMatch(/^Anaesthesia workstation with .*… S\/N SN-2019-/);
    expect(shown.replace(/ /g, '')).toContain('SN-2019-0048372-AB-99182736-XZ-00017');
    expect(shown).toMatch(/Intensive Care Unit .*…$/);
    // Its neighbours print as before, their codes still decode.
    await expectCodesInPlace(file, printed, layout, 0);
  });
});

describe('the text of a label', () => {
  const hard: AssetLabel[] = [
    labels(1)[0] as AssetLabel,
    {
      name: 'Anaesthesia workstation with integrated ventilator and patient monitor',
      serialNumber: 'SN-2019-0048372-AB-99182736',
      department: 'Intensive Care Unit (ICU), North Wing, Level 3',
      url: url(1),
    },
    {
      name: 'Elektrokardiographiegerätezubehörsatz',
      serialNumber: '00000000000000000000000000000000000000000000',
      department: 'Neonatal',
      url: url(2),
    },
    { name: 'Scale', serialNumber: '', department: '', url: url(3) },
    { name: 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW', serialNumber: 'W', department: 'W', url: url(4) },
  ];

  it.each(LABEL_LAYOUTS.map((layout) => [layout.id, layout] as const))(
    'fits its label on %s: every line within the text area at 5.5 pt or more, no line over another',
    (_id, layout) => {
      const { box } = labelBox(layout, 0);
      const pdf = new PDFDocument({ size: [layout.page.width, layout.page.height], margin: 0 });
      for (const label of hard) {
        const qr = placeQrCode(createQrCode(label.url, { errorCorrectionLevel: 'M' }).modules.size, box);
        const area = textBox(box, qr);
        const lines = layOutLabelText(pdf, label, area);
        let below = area.y;
        for (const line of lines) {
          pdf.font(line.font).fontSize(line.size);
          const width = pdf.widthOfString(line.text);
          const height = pdf.heightOfString(line.text, { lineBreak: false });
          expect({ line: line.text, size: line.size >= MIN_TEXT_SIZE }).toEqual({
            line: line.text,
            size: true,
          });
          expect(line.x).toBeGreaterThanOrEqual(qr.square.x + qr.square.width);
          expect(line.x + width).toBeLessThanOrEqual(area.x + area.width + 1e-6);
          expect(line.y).toBeGreaterThanOrEqual(below - 1e-6);
          below = line.y + height;
        }
        expect(below).toBeLessThanOrEqual(area.y + area.height + 1e-6);
        // Name (at most two lines, bold), serial number and department are all there.
        const bold = lines.filter((line) => line.font === 'Helvetica-Bold');
        expect(bold.length).toBeGreaterThanOrEqual(1);
        expect(bold.length).toBeLessThanOrEqual(2);
        const details = lines.filter((line) => line.font === 'Helvetica').map((line) => line.text);
        if (label.serialNumber) expect(details[0]).toMatch(/^S\/N\b/);
        if (label.department) expect(details.length).toBeGreaterThanOrEqual(label.serialNumber ? 2 : 1);
        if (!label.serialNumber && !label.department) expect(details).toEqual([]);
      }
      pdf.end();
    },
  );

  it('keeps an ordinary label whole on the smallest labels, at a legible size', () => {
    for (const id of ['letter-30', 'roll-2x1'] as const) {
      const layout = labelLayout(id);
      const { box } = labelBox(layout, 0);
      const pdf = new PDFDocument({ size: [layout.page.width, layout.page.height], margin: 0 });
      const label: AssetLabel = {
        name: 'Syringe driver',
        serialNumber: 'BD-4471-2093',
        department: 'Paediatrics',
        url: url(9),
      };
      const qr = placeQrCode(createQrCode(label.url, { errorCorrectionLevel: 'M' }).modules.size, box);
      const lines = layOutLabelText(pdf, label, textBox(box, qr));
      expect(lines.map((line) => line.text)).toEqual(['Syringe driver', 'S/N BD-4471-2093', 'Paediatrics']);
      for (const line of lines) expect(line.size).toBeGreaterThanOrEqual(6.5);
      pdf.end();
    }
  });

  it('breaks a long serial number at its hyphens rather than cutting it', () => {
    const layout = labelLayout('roll-2x1');
    const { box } = labelBox(layout, 0);
    const pdf = new PDFDocument({ size: [layout.page.width, layout.page.height], margin: 0 });
    const label: AssetLabel = {
      name: 'Defibrillator',
      serialNumber: 'SN-2019-0048372-AB-99182736',
      department: 'Cardiology',
      url: url(5),
    };
    const qr = placeQrCode(createQrCode(label.url, { errorCorrectionLevel: 'M' }).modules.size, box);
    const serial = layOutLabelText(pdf, label, textBox(box, qr))
      .filter((line) => line.font === 'Helvetica' && line.text !== 'Cardiology')
      .map((line) => line.text);
    expect(serial).toHaveLength(2);
    expect(serial[0]).toMatch(/-$/);
    expect(serial.join('')).toBe('S/N SN-2019-0048372-AB-99182736');
    pdf.end();
  });
});

describe('the QR code', () => {
  it.each(LABEL_LAYOUTS.map((layout) => [layout.id, layout] as const))(
    'on %s is square on the label’s left, with the full quiet zone inside the label and modules of 0.5 mm or more',
    (_id, layout) => {
      const { box } = labelBox(layout, 0);
      const modules = createQrCode(url(1), { errorCorrectionLevel: 'M' }).modules.size;
      const qr = placeQrCode(modules, box);
      expect(qr.quietZone).toBe(QUIET_ZONE_MODULES);
      expect(qr.module).toBeGreaterThanOrEqual(0.5 * MM);
      const white = QUIET_ZONE_MODULES * qr.module - 1e-6;
      expect(qr.x - box.x).toBeGreaterThanOrEqual(Math.max(white, LABEL_EDGE));
      expect(qr.y - box.y).toBeGreaterThanOrEqual(Math.max(white, LABEL_EDGE));
      expect(box.y + box.height - (qr.y + modules * qr.module)).toBeGreaterThanOrEqual(
        Math.max(white, LABEL_EDGE),
      );
      // The text starts after the quiet zone on the right of the code.
      expect(textBox(box, qr).x - (qr.x + modules * qr.module)).toBeGreaterThanOrEqual(white);
      // As tall as the label, or half its width where the label is less than twice as wide as tall.
      expect(qr.square.height).toBeCloseTo(Math.min(box.height, box.width / 2), 6);
    },
  );
});

describe('printable text', () => {
  it('keeps what Helvetica draws and replaces the rest without failing', () => {
    expect(printable('Électrocardiographe Müller')).toBe('Électrocardiographe Müller');
    expect(printable('Łódź, Gdańsk, Straße, Œuvre, €5 – “ok”')).toBe(
      'Lódz, Gdansk, Straße, Œuvre, €5 – “ok”',
    );
    expect(printable('Cafe\u0301')).toBe('Café');
    expect(printable('Ward\t7\nBay\u00a02\u200b')).toBe('Ward 7 Bay 2');
    expect(printable('Аппарат ИВЛ')).toBe('??????? ???');
    expect(printable('monitor 😷')).toBe('monitor ?');
  });
});
