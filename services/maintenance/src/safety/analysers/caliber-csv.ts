import {
  APPLIED_PART_METHODS,
  LEAKAGE_METHODS,
  PROTECTION_CLASSES,
  type AnalyserRecord,
  type AnalyserRefusal,
  type AppliedPartMeasurement,
  type ProtectionClass,
} from '@caliber/contracts';
import {
  columnsOf,
  eachRow,
  rowTable,
  testDateOrder,
  headerKey,
  readAppliedPartType,
  readOptionalDate,
  readTestedAt,
  BoundsOf,
  type NumberStyle,
  readVerdict,
  UnreadableValue,
  type AnalyserFormat,
  type AnalyserLine,
} from './analyser-format';

/**
 * Caliber's own CSV of safety tests, one test a row, for analysers whose software exports a table
 * that can be rearranged into it (and for tests taken on paper). Its columns, in any order, are
 * listed in docs/using/electrical-safety.md; applied parts are one cell, `name:type:µA` separated by
 * semicolons (`ECG:CF:12; SpO2:BF:40; Cuff:B:`).
 */
export const CALIBER_COLUMNS = [
  'Serial Number',
  'Asset Number',
  'Test Date',
  'Tester',
  'Instrument',
  'Instrument Calibrated',
  'Protection Class',
  'Leakage Method',
  'Applied Part Method',
  'PE With Cord',
  'Protective Earth (Ω)',
  'Insulation (MΩ)',
  'Equipment Leakage (µA)',
  'Applied Parts',
  'Visual Inspection',
  'Result',
  'Notes',
] as const;
const REQUIRED = ['Serial Number', 'Test Date', 'Protection Class', 'Visual Inspection'];

export function readProtectionClass(text: string): ProtectionClass {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/^class\s*/, '');
  const found = PROTECTION_CLASSES.find(
    (value) => value.toLowerCase() === key || (key === 'ip' && value === 'Internally powered'),
  );
  if (!found)
    throw new UnreadableValue(
      `The protection class "${text.trim().slice(0, 40)}" is not I, II or Internally powered.`,
    );
  return found;
}

function readEnum<T extends string>(text: string, values: readonly T[], label: string, fallback: T): T {
  const key = text.trim().toLowerCase();
  if (key === '') return fallback;
  const found = values.find((value) => value === key);
  if (!found)
    throw new UnreadableValue(`${label} "${text.trim().slice(0, 40)}" is not ${values.join(', ')}.`);
  return found;
}

function readYesNo(text: string, label: string): boolean {
  const key = text.trim().toLowerCase();
  if (key === '' || ['yes', 'y', 'true', '1'].includes(key)) return true;
  if (['no', 'n', 'false', '0'].includes(key)) return false;
  throw new UnreadableValue(`${label} "${text.trim().slice(0, 40)}" is neither Yes nor No.`);
}

/** `ECG:CF:12; SpO2:BF:40; Cuff:B:` as applied parts. */
export function readAppliedParts(
  text: string,
  bounds: BoundsOf,
  style: NumberStyle,
): AppliedPartMeasurement[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', type = '', value = ''] = part.split(':').map((piece) => piece.trim());
      if (!name || !type)
        throw new UnreadableValue(`The applied part "${part.slice(0, 40)}" is not written as name:type:µA.`);
      return {
        name,
        type: readAppliedPartType(type, `The type of applied part ${name}`),
        leakageMicroamp: bounds.read(
          `appliedPart:${name}`,
          value,
          `The leakage of applied part ${name}`,
          'µA',
          style,
        ),
      };
    });
}

/** A verdict the row must give (the visual inspection): an empty cell is not a pass. */
export function requiredVerdict(text: string, label: string) {
  const verdict = readVerdict(text, label);
  if (!verdict) throw new UnreadableValue(`${label} is empty: write Pass or Fail.`);
  return verdict;
}

export const caliberCsv: AnalyserFormat = {
  id: 'caliber-csv',
  name: 'Caliber safety-test CSV',
  detect: (header) => {
    const keys = new Set(header.map(headerKey));
    return keys.has('serialnumber') && keys.has('protectionclass') && keys.has('testdate');
  },
  parse(lines: readonly AnalyserLine[], style: NumberStyle) {
    const [header, ...rows] = lines;
    const columns = columnsOf(header?.cells ?? []);
    for (const name of REQUIRED)
      if (!columns.has(headerKey(name)))
        throw new UnreadableValue(`The file has no "${name}" column, which a Caliber safety-test CSV needs.`);
    const { cell, filled } = rowTable(columns, rows);
    const order = testDateOrder(
      filled.map((row) => cell(row, 'Test Date')),
      'DMY',
    );
    const out = { records: [] as AnalyserRecord[], refusals: [] as AnalyserRefusal[] };
    for (const row of filled) {
      const serialNumber = cell(row, 'Serial Number');
      eachRow(
        row.line,
        serialNumber || null,
        (): AnalyserRecord => {
          if (!serialNumber) throw new UnreadableValue('The row has no serial number.');
          const { testedOn, testedAt } = readTestedAt(cell(row, 'Test Date'), order);
          const bounds = new BoundsOf();
          return {
            line: row.line,
            serialNumber,
            assetNumber: cell(row, 'Asset Number') || null,
            testedAt,
            analyserResult: readVerdict(cell(row, 'Result'), 'The result'),
            test: {
              testedOn,
              testerName: cell(row, 'Tester'),
              instrument: cell(row, 'Instrument'),
              instrumentCalibratedOn: readOptionalDate(
                cell(row, 'Instrument Calibrated'),
                'The calibration date',
                order,
              ),
              protectionClass: readProtectionClass(cell(row, 'Protection Class')),
              leakageMethod: readEnum(
                cell(row, 'Leakage Method'),
                LEAKAGE_METHODS,
                'The leakage method',
                'alternative',
              ),
              appliedPartMethod: readEnum(
                cell(row, 'Applied Part Method'),
                APPLIED_PART_METHODS,
                'The applied part method',
                'alternative',
              ),
              peWithCord: readYesNo(cell(row, 'PE With Cord'), 'PE With Cord'),
              protectiveEarthOhm: bounds.read(
                'protectiveEarth',
                cell(row, 'Protective Earth (Ω)'),
                'Protective earth',
                'Ω',
                style,
              ),
              insulationMegaohm: bounds.read(
                'insulation',
                cell(row, 'Insulation (MΩ)'),
                'Insulation',
                'MΩ',
                style,
              ),
              equipmentLeakageMicroamp: bounds.read(
                'equipmentLeakage',
                cell(row, 'Equipment Leakage (µA)'),
                'Equipment leakage',
                'µA',
                style,
              ),
              appliedParts: readAppliedParts(cell(row, 'Applied Parts'), bounds, style),
              visualInspection: requiredVerdict(cell(row, 'Visual Inspection'), 'The visual inspection'),
              notes: cell(row, 'Notes'),
              ...bounds.list,
            },
          };
        },
        out,
      );
    }
    return out;
  },
};
