import type { AnalyserRecord, AnalyserRefusal } from '@caliber/contracts';
import {
  eachRow,
  headerKey,
  readTestedAt,
  readValue,
  UnreadableValue,
  type AnalyserFormat,
} from '../analyser-format';

/**
 * An analyser format that no build of Caliber reads: a made-up analyser's three-column CSV
 * (`Tiny Serial,Tiny Date,Tiny Leakage (µA)`, one Class II test by the direct method a row). It
 * exists to show that a format added to the maintenance service alone is read through the
 * unchanged gateway.
 */
export const tinyAnalyser: AnalyserFormat = {
  id: 'tiny-analyser',
  name: 'Tiny Analyser (a test format)',
  detect: (header) => headerKey(header[0] ?? '') === 'tinyserial',
  parse(lines, style) {
    const out = { records: [] as AnalyserRecord[], refusals: [] as AnalyserRefusal[] };
    for (const row of lines.slice(1).filter((line) => line.cells.some((cell) => cell.trim() !== ''))) {
      const [serialNumber = '', date = '', leakage = ''] = row.cells.map((cell) => cell.trim());
      eachRow(
        row.line,
        serialNumber || null,
        (): AnalyserRecord => {
          if (!serialNumber) throw new UnreadableValue('The row has no serial number.');
          const { testedOn, testedAt } = readTestedAt(date, 'DMY');
          return {
            line: row.line,
            serialNumber,
            assetNumber: null,
            testedAt,
            analyserResult: null,
            test: {
              testedOn,
              testerName: 'Tiny Analyser',
              instrument: 'Tiny Analyser 1',
              protectionClass: 'II',
              leakageMethod: 'direct',
              protectiveEarthOhm: null,
              insulationMegaohm: null,
              equipmentLeakageMicroamp: readValue(leakage, 'Equipment leakage', 'µA', style),
              visualInspection: 'Pass',
            },
          };
        },
        out,
      );
    }
    return out;
  },
};
