import {
  type AnalyserRecord,
  type AnalyserRefusal,
  type AppliedPartMeasurement,
  type AppliedPartMethod,
  type LeakageMethod,
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
  readReading,
  readValue,
  readVerdict,
  withCordOf,
  type NumberStyle,
  UnreadableValue,
  type AnalyserFormat,
  type AnalyserLine,
} from './analyser-format';
import { readProtectionClass, requiredVerdict } from './caliber-csv';

/**
 * A tabular export modelled on Fluke Biomedical's ESA615 with Ansur: one test a row, the device
 * under test (DUT) by serial and equipment number, the analyser and its calibration date, and a
 * column per measurement with its method and unit in the header. The layout was written from the
 * public descriptions of the ESA615's tests and Ansur's reports, not from a real export: check it
 * against one before relying on it (see docs/using/electrical-safety.md).
 *
 * Applied parts are columns named `AP Leakage <name> <type> <method> (µA)`, e.g.
 * `AP Leakage ECG CF Direct (µA)`. Equipment leakage is one of three columns, by method; the one
 * filled in says which method was used. Dates are month first unless the file shows otherwise.
 */
const APPLIED_PART_HEADER = /^ap\s*leakage\s+(.+?)\s+(b|bf|cf)\s+(alternative|direct)\s*(\(.*\))?$/i;

/**
 * The protective-earth limit the analyser applied, when the export has the column: 0.2 Ω means it
 * measured from the appliance inlet (without the cord), 0.3 Ω from the mains plug (with it).
 */
const PE_LIMIT = 'Protective Earth Limit (Ω)';

const EQUIPMENT_COLUMNS: readonly [LeakageMethod, string][] = [
  ['alternative', 'Equipment Leakage Alternative (µA)'],
  ['direct', 'Equipment Leakage Direct (µA)'],
  ['differential', 'Equipment Leakage Differential (µA)'],
];

export const flukeAnsur: AnalyserFormat = {
  id: 'fluke-ansur',
  name: 'Fluke Biomedical ESA615 / Ansur (modelled)',
  detect: (header) => new Set(header.map(headerKey)).has('dutserialnumber'),
  parse(lines: readonly AnalyserLine[], style: NumberStyle) {
    const [header, ...rows] = lines;
    const headerCells = header?.cells ?? [];
    const columns = columnsOf(headerCells);
    for (const name of ['DUT Serial Number', 'Test Date', 'Classification', 'Visual Inspection'])
      if (!columns.has(headerKey(name)))
        throw new UnreadableValue(`The file has no "${name}" column, which this Fluke export needs.`);
    const appliedColumns = headerCells.flatMap((text, index) => {
      const match = APPLIED_PART_HEADER.exec(text.trim());
      return match
        ? [
            {
              index,
              name: match[1] ?? '',
              type: match[2] ?? '',
              method: (match[3] ?? '').toLowerCase() as AppliedPartMethod,
            },
          ]
        : [];
    });
    const { cell, filled } = rowTable(columns, rows);
    const order = testDateOrder(
      filled.map((row) => cell(row, 'Test Date')),
      'MDY',
    );
    const out = { records: [] as AnalyserRecord[], refusals: [] as AnalyserRefusal[] };
    for (const row of filled) {
      const serialNumber = cell(row, 'DUT Serial Number');
      eachRow(
        row.line,
        serialNumber || null,
        (): AnalyserRecord => {
          if (!serialNumber) throw new UnreadableValue('The row has no DUT serial number.');
          const { testedOn, testedAt } = readTestedAt(cell(row, 'Test Date'), order);
          const bounds = new BoundsOf();
          const leakages = EQUIPMENT_COLUMNS.flatMap(([method, name]) => {
            const reading = readReading(cell(row, name), name.replace(/ \(µA\)$/, ''), 'µA', style);
            return reading === null ? [] : [{ method, reading }];
          });
          if (leakages.length > 1)
            throw new UnreadableValue(
              'Equipment leakage is given by more than one method; one test uses one.',
            );
          const appliedParts: AppliedPartMeasurement[] = [];
          let appliedPartMethod: AppliedPartMethod = 'alternative';
          for (const column of appliedColumns) {
            const text = (row.cells[column.index] ?? '').trim();
            const type = readAppliedPartType(column.type, `The type of applied part ${column.name}`);
            if (text === '' && type !== 'B') continue;
            appliedParts.push({
              name: column.name,
              type,
              leakageMicroamp: bounds.read(
                `appliedPart:${column.name}`,
                text,
                `The leakage of applied part ${column.name}`,
                'µA',
                style,
              ),
            });
            if (text !== '') appliedPartMethod = column.method;
          }
          const analyser = [cell(row, 'Analyzer'), cell(row, 'Analyzer Serial Number')].filter(Boolean);
          const protectiveEarthOhm = bounds.read(
            'protectiveEarth',
            cell(row, 'Protective Earth Resistance (Ω)'),
            'Protective earth resistance',
            'Ω',
            style,
          );
          const cord = withCordOf(
            readValue(cell(row, PE_LIMIT), 'The protective earth limit', 'Ω', style),
            cell(row, 'Comments'),
            protectiveEarthOhm !== null,
          );
          return {
            line: row.line,
            serialNumber,
            assetNumber: cell(row, 'DUT Equipment Number') || null,
            testedAt,
            analyserResult: readVerdict(cell(row, 'Overall Result'), 'The overall result'),
            test: {
              testedOn,
              testerName: cell(row, 'Operator'),
              instrument: analyser.length === 2 ? `${analyser[0]} s/n ${analyser[1]}` : (analyser[0] ?? ''),
              instrumentCalibratedOn: readOptionalDate(
                cell(row, 'Analyzer Calibration Date'),
                'The analyser calibration date',
                order,
              ),
              protectionClass: readProtectionClass(cell(row, 'Classification')),
              leakageMethod: leakages[0]?.method ?? 'alternative',
              appliedPartMethod,
              peWithCord: cord.peWithCord,
              protectiveEarthOhm,
              insulationMegaohm: bounds.read(
                'insulation',
                cell(row, 'Insulation Resistance Mains-PE (MΩ)'),
                'Insulation resistance',
                'MΩ',
                style,
              ),
              equipmentLeakageMicroamp: bounds.keep('equipmentLeakage', leakages[0]?.reading ?? null),
              appliedParts,
              visualInspection: requiredVerdict(cell(row, 'Visual Inspection'), 'The visual inspection'),
              notes: cord.notes,
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
