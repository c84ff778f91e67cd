import { strFromU8, unzipSync } from 'fflate';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlignTable,
  WidthType,
} from 'docx';
import { escapeXml, tableXml, type CellSpec, type TableStyle } from './docx-table';

const STYLE: TableStyle = { width: 9_638, rule: 'C9D2DC', headerFill: '1F3A5F', zebra: 'F3F6F9' };

/**
 * The same table as docx's own objects, built as the DOCX writer built its tables before it wrote
 * their XML itself, and packed by docx: the XML `tableXml` must match byte for byte.
 */
async function docxTable(
  header: readonly CellSpec[],
  rows: readonly (readonly CellSpec[])[],
  weights: readonly number[],
  size: number,
): Promise<string> {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const widths = weights.map((weight) => Math.floor((STYLE.width * weight) / sum));
  const thin = { style: BorderStyle.SINGLE, size: 4, color: STYLE.rule };
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const cell = (spec: CellSpec, width: number) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      verticalAlign: VerticalAlignTable.CENTER,
      margins: { top: 40, bottom: 40, left: 80, right: 80 },
      shading: spec.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: spec.fill } : undefined,
      children: [
        new Paragraph({
          alignment:
            spec.align === 'right'
              ? AlignmentType.RIGHT
              : spec.align === 'center'
                ? AlignmentType.CENTER
                : AlignmentType.LEFT,
          spacing: { after: 0 },
          children: [new TextRun({ text: spec.text, bold: spec.bold, color: spec.color, size })],
        }),
      ],
    });
  const row = (cells: readonly CellSpec[], shade: string | undefined, isHeader: boolean) =>
    new TableRow({
      tableHeader: isHeader,
      cantSplit: true,
      children: cells.map((spec, index) => cell({ fill: shade, ...spec }, widths[index] ?? 0)),
    });
  const table = new Table({
    width: { size: STYLE.width, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders: {
      top: thin,
      bottom: thin,
      left: none,
      right: none,
      insideHorizontal: thin,
      insideVertical: none,
    },
    rows: [
      ...(header.length > 0
        ? [
            row(
              header.map((spec) => ({ bold: true, color: 'FFFFFF', ...spec })),
              STYLE.headerFill,
              true,
            ),
          ]
        : []),
      ...rows.map((cells, index) => row(cells, index % 2 === 1 ? STYLE.zebra : undefined, false)),
    ],
  });
  const packed = await Packer.toBuffer(new Document({ sections: [{ children: [table] }] }));
  const xml = strFromU8(unzipSync(packed)['word/document.xml'] ?? new Uint8Array());
  return xml.slice(xml.indexOf('<w:tbl>'), xml.lastIndexOf('</w:tbl>') + '</w:tbl>'.length);
}

describe('tableXml', () => {
  it('writes the XML docx writes for a table with a header, zebra rows and every kind of cell', async () => {
    const header: CellSpec[] = [{ text: 'Device' }, { text: 'Cost', align: 'right' }, { text: '' }];
    const rows: CellSpec[][] = [
      [{ text: 'Infusion pump' }, { text: 'USD 1,250.00', align: 'right' }, { text: '—', color: '999999' }],
      [
        { text: 'Monitor "B" & <spare>, O\'Neil' },
        { text: '12', align: 'center', bold: true },
        { text: 'shaded', fill: 'D9E7F5', color: '262626' },
      ],
      [{ text: 'line one\nline two\ttabbed' }, { text: 'bell\u0007 gone' }, { text: 'ICU' }],
      [{ text: 'Ventilator' }, { text: '' }, { text: 'Décès – ٣ ✓' }],
    ];
    expect(tableXml(header, rows, [40, 20, 15], 16, STYLE)).toBe(
      await docxTable(header, rows, [40, 20, 15], 16),
    );
  });

  it('writes the XML docx writes for a table without a header (the cover, the figures)', async () => {
    const rows: CellSpec[][] = [
      [{ text: 'Reporting period', bold: true, color: '666666' }, { text: '1 January 2026 – 31 March 2026' }],
      [{ text: 'Generated for', bold: true, color: '666666' }, { text: 'Dr. Amina Haddad' }],
      [{ text: '', bold: true, color: '666666' }, { text: 'Categories: all' }],
    ];
    expect(tableXml([], rows, [30, 70], 20, STYLE)).toBe(await docxTable([], rows, [30, 70], 20));
  });

  it('writes an empty table as its header alone', async () => {
    const header: CellSpec[] = [{ text: 'Asset tag' }, { text: 'Repairs', align: 'right' }];
    expect(tableXml(header, [], [1, 1], 18, STYLE)).toBe(await docxTable(header, [], [1, 1], 18));
  });

  it('escapes the XML specials and leaves out the control characters XML does not allow', () => {
    expect(escapeXml('a&b<c>"d"\'e\'\u0000\u001f\n\t')).toBe(
      'a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;\n\t',
    );
  });

  it('refuses a colour that is not RRGGBB, which would break the XML', () => {
    expect(() => tableXml([], [[{ text: 'x', color: '"/><evil' }]], [1], 18, STYLE)).toThrow(/RRGGBB/);
  });
});
