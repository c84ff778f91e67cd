/**
 * The DOCX writer's tables, written as WordprocessingML text directly rather than as docx's
 * objects. docx keeps a tree of some fifty objects for every table cell, turns it into a second
 * tree and then into text only when the whole document is packed: a report's tables (a few
 * thousand rows) took more than 250 MB in the worker that way. Written here, a table is its text
 * alone, some 600 bytes a cell, made row by row.
 *
 * The text is what docx writes for the same table (`new Table` with these widths, borders and
 * cells, as the writer built it before), byte for byte: `docx-table.spec.ts` compares the two, so
 * a docx upgrade that writes tables otherwise fails there rather than changing the reports.
 */

export interface CellSpec {
  text: string;
  bold?: true;
  /** `RRGGBB`. */
  color?: string;
  /** Background, `RRGGBB`. */
  fill?: string;
  align?: 'left' | 'right' | 'center';
}

export interface TableStyle {
  /** The width of the text area, in twentieths of a point. */
  width: number;
  /** The rules above and below the table and between its rows, `RRGGBB`. */
  rule: string;
  /** The header row's background, `RRGGBB`. */
  headerFill: string;
  /** Every second body row's background, `RRGGBB`. */
  zebra: string;
}

/**
 * Text as docx escapes it: the five XML specials as entities, and the control characters XML 1.0
 * does not allow left out.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
  '<': '&lt;',
  '>': '&gt;',
};

// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are the point
const ESCAPED = /[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g;

export function escapeXml(value: string): string {
  return value.replace(ESCAPED, (char) => ESCAPES[char] ?? '');
}

/** Hex colours are written as given; anything else could break the attribute. */
const HEX = /^[0-9A-Fa-f]{6}$/;

function hex(value: string): string {
  if (!HEX.test(value)) throw new Error(`A DOCX table colour must be RRGGBB, not "${value}".`);
  return value;
}

const MARGINS =
  '<w:tcMar><w:top w:type="dxa" w:w="40"/><w:left w:type="dxa" w:w="80"/><w:bottom w:type="dxa" w:w="40"/><w:right w:type="dxa" w:w="80"/></w:tcMar>';

function cellXml(spec: CellSpec, width: number, size: number): string {
  const shading = spec.fill ? `<w:shd w:fill="${hex(spec.fill)}" w:color="auto" w:val="clear"/>` : '';
  const run =
    (spec.bold ? '<w:b/><w:bCs/>' : '') +
    (spec.color ? `<w:color w:val="${hex(spec.color)}"/>` : '') +
    `<w:sz w:val="${size}"/><w:szCs w:val="${size}"/>`;
  return (
    `<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="${width}"/>${shading}${MARGINS}<w:vAlign w:val="center"/></w:tcPr>` +
    `<w:p><w:pPr><w:spacing w:after="0"/><w:jc w:val="${spec.align ?? 'left'}"/></w:pPr>` +
    `<w:r><w:rPr>${run}</w:rPr><w:t xml:space="preserve">${escapeXml(spec.text)}</w:t></w:r></w:p></w:tc>`
  );
}

function rowXml(
  cells: readonly CellSpec[],
  widths: readonly number[],
  size: number,
  fill: string | undefined,
  isHeader: boolean,
): string {
  const cellsXml = cells
    .map((cell, index) => cellXml(fill ? { fill, ...cell } : cell, widths[index] ?? 0, size))
    .join('');
  return `<w:tr><w:trPr><w:cantSplit/><w:tblHeader${isHeader ? '' : ' w:val="off"'}/></w:trPr>${cellsXml}</w:tr>`;
}

/**
 * A table across the page (`style.width`): a header row in white bold on `headerFill`, repeated on
 * every page, then the rows, every second one on `zebra`; columns as wide as their `weights` say,
 * laid out fixed; rows never split across pages; a thin rule above, below and between rows.
 */
export function tableXml(
  header: readonly CellSpec[],
  rows: readonly (readonly CellSpec[])[],
  weights: readonly number[],
  size: number,
  style: TableStyle,
): string {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const widths = weights.map((weight) => Math.floor((style.width * weight) / sum));
  const rule = hex(style.rule);
  const thin = `w:val="single" w:color="${rule}" w:sz="4"`;
  const none = 'w:val="none" w:color="FFFFFF" w:sz="0"';
  const parts = [
    `<w:tbl><w:tblPr><w:tblW w:type="dxa" w:w="${style.width}"/><w:tblBorders>` +
      `<w:top ${thin}/><w:left ${none}/><w:bottom ${thin}/><w:right ${none}/><w:insideH ${thin}/><w:insideV ${none}/>` +
      `</w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr>` +
      `<w:tblGrid>${widths.map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid>`,
  ];
  if (header.length > 0)
    parts.push(
      rowXml(
        header.map((cell): CellSpec => ({ bold: true, color: 'FFFFFF', ...cell })),
        widths,
        size,
        style.headerFill,
        true,
      ),
    );
  rows.forEach((cells, index) =>
    parts.push(rowXml(cells, widths, size, index % 2 === 1 ? style.zebra : undefined, false)),
  );
  parts.push('</w:tbl>');
  return parts.join('');
}
