import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  evaluateSafetyTest,
  parseWith,
  SAFETY_TEST_SOURCE_MAX,
  safetyTestBodySchema,
  type AnalyserFileRead,
} from '@caliber/contracts';
import { FileRefusal } from '@caliber/file-kit/worker';
import { readReading, readValue } from './analyser-format';
import { ANALYSER_FORMATS, readAnalyserFile } from './read-analyser-file';

const sample = (name: string) => readFileSync(join(__dirname, 'samples', name));
const read = (text: string) => readAnalyserFile(Buffer.from(text));

function refusalOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    if (error instanceof FileRefusal) return error.message;
    throw error;
  }
  throw new Error('The file was not refused.');
}

/** Each record's computed result (the maintenance service's own check and evaluation). */
function results(file: AnalyserFileRead) {
  return file.records.map((record) => {
    const body = parseWith(safetyTestBodySchema, record.test);
    if (!body.ok) return { serial: record.serialNumber, refused: body.issues.map((issue) => issue.message) };
    const evaluation = evaluateSafetyTest(body.value);
    return {
      serial: record.serialNumber,
      result: evaluation.result,
      failed: evaluation.failed,
      analyser: record.analyserResult,
    };
  });
}

describe('analyser files', () => {
  it("gives each format an id a test's source can keep: distinct, lower-case, short, never `form`", () => {
    const ids = ANALYSER_FORMATS.map((format) => format.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9-]+$/);
      expect(id.length).toBeLessThanOrEqual(SAFETY_TEST_SOURCE_MAX);
      expect(id).not.toBe('form');
    }
  });

  it("reads Caliber's own CSV: every column, the applied parts, and the rows it cannot read", () => {
    const file = readAnalyserFile(sample('caliber-safety-tests.csv'));
    expect(file.format).toBe('caliber-csv');
    expect(file.records).toHaveLength(5);
    const [first] = file.records;
    expect(first).toEqual({
      line: 2,
      serialNumber: 'SAFE-MON-001',
      assetNumber: 'BME-0101',
      testedAt: '2026-03-02 09:15',
      analyserResult: 'Pass',
      test: {
        testedOn: '2026-03-02',
        testerName: 'Dana Okoye',
        instrument: 'Fluke ESA615 s/n 4410021',
        instrumentCalibratedOn: '2025-11-20',
        protectionClass: 'I',
        leakageMethod: 'alternative',
        appliedPartMethod: 'alternative',
        peWithCord: true,
        protectiveEarthOhm: 0.08,
        insulationMegaohm: 200,
        equipmentLeakageMicroamp: 310,
        appliedParts: [
          { name: 'ECG', type: 'CF', leakageMicroamp: 4.1 },
          { name: 'SpO2', type: 'BF', leakageMicroamp: 12 },
        ],
        visualInspection: 'Pass',
        notes: '',
        // The file writes ">200": more than 200 MΩ, kept so the verdict judges what it says.
        readingBounds: [{ key: 'insulation', bound: '>' }],
      },
    });
    expect(results(file)).toEqual([
      { serial: 'SAFE-MON-001', result: 'Pass', failed: [], analyser: 'Pass' },
      // Class II by the direct method allows 100 µA: the analyser's Pass disagrees.
      { serial: 'SAFE-PUMP-002', result: 'Fail', failed: ['Equipment leakage'], analyser: 'Pass' },
      {
        serial: 'SAFE-DEFIB-003',
        result: 'Fail',
        failed: ['Visual inspection', 'Protective earth resistance'],
        analyser: 'Fail',
      },
      { serial: 'SAFE-MON-001', result: 'Pass', failed: [], analyser: 'Pass' },
      { serial: 'NOT-IN-INVENTORY-9', result: 'Pass', failed: [], analyser: 'Pass' },
    ]);
    expect(file.refusals).toEqual([
      {
        line: 7,
        serialNumber: 'SAFE-SCALE-004',
        reason: 'Unreadable: Protective earth "zero point one" is not a number.',
      },
    ]);
  });

  it('reads the Fluke-modelled export: the method from the column filled, the applied parts by header', () => {
    const file = readAnalyserFile(sample('fluke-ansur-export.csv'));
    expect(file.format).toBe('fluke-ansur');
    const [monitor, defib] = file.records;
    expect(monitor?.testedAt).toBe('2026-03-14 10:22 AM');
    expect(monitor?.test).toMatchObject({
      testedOn: '2026-03-14',
      instrument: 'ESA615 s/n 3398114',
      instrumentCalibratedOn: '2025-11-02',
      leakageMethod: 'direct',
      appliedPartMethod: 'direct',
      equipmentLeakageMicroamp: 215,
      insulationMegaohm: 100,
      appliedParts: [
        { name: 'ECG', type: 'CF', leakageMicroamp: 3.2 },
        { name: 'SpO2', type: 'BF', leakageMicroamp: 18 },
      ],
    });
    expect(defib?.test.appliedParts).toEqual([{ name: 'ECG', type: 'CF', leakageMicroamp: 61 }]);
    expect(results(file)).toEqual([
      { serial: 'SAFE-MON-001', result: 'Pass', failed: [], analyser: 'Pass' },
      {
        serial: 'SAFE-DEFIB-003',
        result: 'Fail',
        failed: ['Protective earth resistance', 'Applied part leakage, ECG (CF)'],
        analyser: 'Fail',
      },
      { serial: 'SAFE-PUMP-002', result: 'Pass', failed: [], analyser: 'Pass' },
    ]);
    expect(file.refusals).toEqual([
      {
        line: 5,
        serialNumber: 'SAFE-SCALE-004',
        reason: 'Unreadable: Equipment leakage is given by more than one method; one test uses one.',
      },
    ]);
  });

  it("reads the Rigel 288+ complete result's blocks: serial from the trace variable, class and method from the sequence", () => {
    const file = readAnalyserFile(sample('rigel-288-complete-result.csv'));
    expect(file.format).toBe('rigel-medebase');
    expect(
      file.records.map((record) => [record.line, record.serialNumber, record.assetNumber, record.testedAt]),
    ).toEqual([
      [1, 'SAFE-PUMP-002', 'BME-0102', '2026-03-14 14:05'],
      [16, 'SAFE-DEFIB-003', 'BME-0103', '2026-03-14 14:30'],
    ]);
    expect(file.records[0]?.test).toMatchObject({
      protectionClass: 'II',
      leakageMethod: 'direct',
      instrument: 'Rigel 288+ s/n 288-10422',
      testerName: 'S Okafor',
      protectiveEarthOhm: null,
      appliedParts: [{ name: 'Line', type: 'BF', leakageMicroamp: 35 }],
      notes: 'Annual test',
    });
    expect(results(file)).toEqual([
      { serial: 'SAFE-PUMP-002', result: 'Pass', failed: [], analyser: 'Pass' },
      {
        serial: 'SAFE-DEFIB-003',
        result: 'Fail',
        failed: ['Visual inspection', 'Applied part leakage, ECG (CF)'],
        analyser: 'Fail',
      },
    ]);
    // The third block has no serial trace: its Asset ID stands in, and its Class III sequence is refused.
    expect(file.refusals).toEqual([
      {
        line: 33,
        serialNumber: 'BME-0104',
        reason:
          'Unreadable: The test sequence "62353 - ClassIII" is not one of IEC 62353 for Class I, Class II or internally powered (IP) equipment.',
      },
    ]);
  });

  it('refuses a row whose serial number is longer than any device has, naming its line', () => {
    const long = 'S'.repeat(80);
    const file = read(
      `Serial Number,Test Date,Tester,Instrument,Protection Class,Protective Earth (Ω),Equipment Leakage (µA),Visual Inspection\n${long},2026-03-02,A Tester,ESA615,I,0.1,300,Pass\n`,
    );
    expect(file.records).toEqual([]);
    expect(file.refusals).toEqual([
      {
        line: 2,
        serialNumber: 'S'.repeat(64),
        reason: 'Unreadable: a serial or asset number is longer than 64 characters, which no device has.',
      },
    ]);
  });

  const commas = { decimalComma: false };
  const semicolons = { decimalComma: true };

  it('reads values as analysers write them', () => {
    expect(readValue('0,08', 'PE', 'Ω', commas)).toBe(0.08);
    expect(readValue('0,085', 'PE', 'Ω', semicolons)).toBe(0.085);
    expect(readValue('> 200 MΩ', 'Insulation', 'MΩ', commas)).toBe(200);
    expect(readReading('> 200 MΩ', 'Insulation', 'MΩ', commas)).toEqual({ value: 200, bound: '>' });
    expect(readValue('<1', 'Leakage', 'µA', commas)).toBe(1);
    expect(readValue('N/A', 'Leakage', 'µA', commas)).toBeNull();
    expect(() => readValue('1.2.3', 'Leakage', 'µA', commas)).toThrow('Leakage "1.2.3" is not a number.');
  });

  it('converts a unit to the one kept and refuses a unit of another quantity', () => {
    expect(readValue('0.5 mA', 'Leakage', 'µA', commas)).toBe(500);
    expect(readValue('12 uA', 'Leakage', 'µA', commas)).toBe(12);
    expect(readValue('0.012 A', 'Leakage', 'µA', commas)).toBe(12000);
    expect(readValue('500 kΩ', 'Insulation', 'MΩ', commas)).toBe(0.5);
    expect(readValue('150 MOhm', 'Insulation', 'MΩ', commas)).toBe(150);
    expect(readValue('85 mOhm', 'PE', 'Ω', commas)).toBe(0.085);
    expect(readValue('0.085 Ohm', 'PE', 'Ω', commas)).toBe(0.085);
    expect(readValue('1 GΩ', 'Insulation', 'MΩ', commas)).toBe(1000);
    expect(() => readValue('0.5 mA', 'PE', 'Ω', commas)).toThrow(
      'PE "0.5 mA" is in mA, which is not a unit of resistance: it must be in Ω or a multiple of it.',
    );
    expect(() => readValue('85 mOhm', 'Leakage', 'µA', commas)).toThrow(/not a unit of current/);
    expect(() => readValue('3 volts', 'Leakage', 'µA', commas)).toThrow(/not a unit of current/);
  });

  it('refuses a grouping comma as ambiguous in a comma-separated file, and reads a decimal comma in a semicolon one', () => {
    expect(() => readValue('1,200', 'Equipment leakage', 'µA', commas)).toThrow(
      'Equipment leakage "1,200" is ambiguous: its comma may group thousands or mark decimals. Write it without the comma (1200 or 1.2).',
    );
    expect(readValue('1,200', 'Equipment leakage', 'µA', semicolons)).toBe(1.2);
    const file = read(
      'Serial Number,Test Date,Tester,Instrument,Protection Class,Protective Earth (Ω),Equipment Leakage (µA),Visual Inspection\nSN-1,2026-03-02,A Tester,ESA615,I,0.1,"1,200",Pass\n',
    );
    expect(file.records).toEqual([]);
    expect(file.refusals[0]?.reason).toMatch(/^Unreadable: Equipment leakage "1,200" is ambiguous/);
  });

  it('reads the Rigel unit and limit columns: mA and mOhm converted, the cord from the 0.2 Ω limit, and a reading past the limit fails', () => {
    const file = read(
      [
        'Tested on,14 Mar 2026 14:30',
        'Asset ID,BME-0103',
        'Rigel 288+,288-10422',
        'Serial No,SAFE-DEFIB-003',
        'AP Setup,ECG,type CF,(CF 7 - 9)',
        'User Name,S Okafor',
        'Test Sequence,62353 - ClassI - Alt',
        'Visual Inspection,Pass',
        'Earth Bond,85,mOhm,200,Pass',
        'Insulation,500,kOhm,2,Fail',
        'Equipment Leakage,0.5,mA,1000,Pass',
        'AP Leakage ECG,>50,uA,50,Fail',
        'Status,Failed',
        'End of Data',
      ].join('\n'),
    );
    expect(file.refusals).toEqual([]);
    expect(file.records[0]?.test).toMatchObject({
      peWithCord: false,
      protectiveEarthOhm: 0.085,
      insulationMegaohm: 0.5,
      equipmentLeakageMicroamp: 500,
      appliedParts: [{ name: 'ECG', type: 'CF', leakageMicroamp: 50 }],
      readingBounds: [{ key: 'appliedPart:ECG', bound: '>' }],
      notes: '',
    });
    expect(results(file)).toEqual([
      {
        serial: 'SAFE-DEFIB-003',
        result: 'Fail',
        failed: ['Applied part leakage, ECG (CF)'],
        analyser: 'Fail',
      },
    ]);
  });

  it('refuses a Rigel result whose unit column is of another quantity, naming the row', () => {
    const file = read(
      'Tested on,14 Mar 2026 14:30\nSerial No,SN-9\nTest Sequence,62353 - ClassI - Alt\nVisual Inspection,Pass\nEarth Bond,0.1,mA,0.3,Pass\nStatus,Passed\n',
    );
    expect(file.refusals).toEqual([
      {
        line: 1,
        serialNumber: 'SN-9',
        reason:
          'Unreadable: Earth Bond "0.1 mA" is in mA, which is not a unit of resistance: it must be in Ω or a multiple of it.',
      },
    ]);
  });

  it('judges with the cord when the file gives no protective-earth limit, and says so in the notes', () => {
    const file = read(
      'DUT Serial Number,Test Date,Classification,Visual Inspection,Protective Earth Resistance (Ohm),Equipment Leakage Alternative (uA),Comments\n' +
        'SN-1,03/14/2026,Class I,Pass,0.25,300,Annual\n',
    );
    expect(file.records[0]?.test).toMatchObject({
      peWithCord: true,
      notes:
        'Annual Protective earth judged against the 0.3 Ω limit with the power cord: the analyser file does not say whether the cord was included.',
    });
    const limited = read(
      'DUT Serial Number,Test Date,Operator,Analyzer,Classification,Visual Inspection,Protective Earth Resistance (Ohm),Protective Earth Limit (Ohm),Equipment Leakage Alternative (uA)\n' +
        'SN-1,03/14/2026,J. Rivera,ESA615,Class I,Pass,0.25,0.2,300\n',
    );
    expect(limited.records[0]?.test).toMatchObject({ peWithCord: false, notes: '' });
    expect(results(limited)).toMatchObject([{ result: 'Fail', failed: ['Protective earth resistance'] }]);
  });

  it('reads a semicolon-separated export with decimal commas', () => {
    const file = read(
      'Serial Number;Test Date;Tester;Instrument;Protection Class;Protective Earth (Ω);Equipment Leakage (µA);Visual Inspection\n' +
        'SN-1;14.03.2026;A Tester;Rigel 62353;I;0,12;310,5;Pass\n',
    );
    expect(file.records[0]?.test).toMatchObject({
      testedOn: '2026-03-14',
      protectiveEarthOhm: 0.12,
      equipmentLeakageMicroamp: 310.5,
    });
  });

  it('refuses, as a whole, a file no format knows, one without tests, and one missing a needed column', () => {
    expect(refusalOf(() => read('Name,Manufacturer,Model\nMonitor,Acme,M1\n'))).toMatch(
      /^This file is not an export Caliber reads\. It reads Caliber safety-test CSV, Fluke Biomedical ESA615 \/ Ansur \(modelled\), Rigel 288\+ \/ Med-eBase complete result;/,
    );
    expect(refusalOf(() => read('Serial Number,Test Date,Protection Class,Visual Inspection\n'))).toBe(
      'The Caliber safety-test CSV file has no tests in it, only its header.',
    );
    expect(
      refusalOf(() => read('DUT Serial Number,Test Date,Classification\nSN-1,03/14/2026,Class I\n')),
    ).toBe('The file has no "Visual Inspection" column, which this Fluke export needs.');
    expect(refusalOf(() => read(''))).toBe('The analyser file has no lines.');
    expect(refusalOf(() => readAnalyserFile(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0x01])))).toBe(
      "The analyser file is not CSV text: it holds binary data, as a PDF or a workbook would. Export the tests from the analyser's software as CSV.",
    );
  });
});
