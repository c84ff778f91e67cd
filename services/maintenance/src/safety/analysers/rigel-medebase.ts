import type {
  AnalyserRecord,
  AnalyserRefusal,
  AppliedPartMeasurement,
  AppliedPartType,
  LeakageMethod,
  ProtectionClass,
  SafetyUnit,
} from '@caliber/contracts';
import {
  eachRow,
  headerKey,
  readAppliedPartType,
  readTestedAt,
  BoundsOf,
  readReading,
  readValue,
  readVerdict,
  UnreadableValue,
  withCordOf,
  type NumberStyle,
  type AnalyserFormat,
  type AnalyserLine,
} from './analyser-format';

/**
 * The "Complete Result" CSV download of the Rigel 288+ (also what Med-eBase keeps), as Rigel
 * Medical describes it publicly: not a table but one block of `keyword,value` lines per device,
 * a blank line between devices and `End of Data` at the end:
 *
 *   Tested on,<date and time>
 *   Asset ID,<the hospital's asset id>
 *   <tester model>,<tester serial number>
 *   <trace variables: Serial No,<serial>; Site,<site> …>
 *   AP Setup,<module name>,type <B|BF|CF>,<connections>
 *   User Name,<tester>
 *   Test Sequence,62353 - ClassI - Alt
 *   <test results>
 *   User Comment,<lines>
 *   Status,Passed|Failed
 *
 * Rigel documents the lines up to the test sequence, the comment and the status; the lines of the
 * test results (`<test name>,<value>,<unit>,<limit>,<Pass|Fail>`, with the test names read below)
 * were written without a real download to hand: check them against one (see
 * docs/using/electrical-safety.md). The device is found by the trace variable `Serial No` when the tester
 * records it, else by the Asset ID read as its serial number.
 */
const SERIAL_TRACES = new Set(['serialno', 'serialnumber', 'serial', 'sn']);

/**
 * `62353 - ClassI - Alt`: the protection class (Class I, Class II, or IP for internally powered)
 * and the leakage method (Alt, Dir, Diff) of the sequence the tester ran.
 */
function sequenceOf(text: string): { protectionClass: ProtectionClass; method: LeakageMethod } {
  const named = /class\s*(III|II|I)(?![a-z])/i.exec(text)?.[1]?.toUpperCase();
  const protectionClass: ProtectionClass | null =
    named === 'I'
      ? 'I'
      : named === 'II'
        ? 'II'
        : !named && /(^|[^a-z])IP([^a-z]|$)/i.test(text)
          ? 'Internally powered'
          : null;
  if (!protectionClass)
    throw new UnreadableValue(
      `The test sequence "${text.slice(0, 40)}" is not one of IEC 62353 for Class I, Class II or internally powered (IP) equipment.`,
    );
  const method = /-\s*(alt|dir|diff)[a-z]*\s*$/i.exec(text)?.[1]?.toLowerCase();
  return {
    protectionClass,
    method: method === 'diff' ? 'differential' : method === 'dir' ? 'direct' : 'alternative',
  };
}

interface Block {
  start: number;
  lines: AnalyserLine[];
}

function blocksOf(lines: readonly AnalyserLine[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of lines) {
    const first = (line.cells[0] ?? '').trim();
    if (/^end of data$/i.test(first)) break;
    if (/^tested on$/i.test(first)) {
      current = { start: line.line, lines: [] };
      blocks.push(current);
    }
    if (current && line.cells.some((text) => text.trim() !== '')) current.lines.push(line);
  }
  return blocks;
}

function readBlock(block: Block, model: { tester: string }, style: NumberStyle): AnalyserRecord {
  const value = (keyword: string) =>
    block.lines.find((line) => headerKey(line.cells[0] ?? '') === headerKey(keyword))?.cells[1]?.trim() ?? '';
  const assetId = value('Asset ID');
  const serialLine = block.lines.find((line) => SERIAL_TRACES.has(headerKey(line.cells[0] ?? '')));
  const serialNumber = serialLine?.cells[1]?.trim() || assetId;
  if (!serialNumber) throw new UnreadableValue('The block has neither a Serial No nor an Asset ID.');
  const { testedOn, testedAt } = readTestedAt(value('Tested on'), 'DMY');
  const sequence = sequenceOf(value('Test Sequence'));
  // The line after the Asset ID names the tester and its serial number.
  const assetIndex = block.lines.findIndex((line) => headerKey(line.cells[0] ?? '') === 'assetid');
  const testerLine = assetIndex >= 0 ? block.lines[assetIndex + 1] : undefined;
  const instrument = testerLine
    ? `${(testerLine.cells[0] ?? '').trim()} s/n ${(testerLine.cells[1] ?? '').trim()}`.trim()
    : model.tester;
  const types = new Map<string, AppliedPartType>();
  for (const line of block.lines)
    if (headerKey(line.cells[0] ?? '') === 'apsetup')
      types.set(
        (line.cells[1] ?? '').trim(),
        readAppliedPartType(line.cells[2] ?? '', `The type of applied part ${(line.cells[1] ?? '').trim()}`),
      );
  // A result line is `<test name>,<value>,<unit>,<limit>,<Pass|Fail>`: the value is read in the
  // unit of its unit column (`mA`, `kOhm`, `mOhm` are converted; a current where a resistance
  // belongs is refused), and so is its limit.
  const bounds = new BoundsOf();
  const lineOf = (name: string) =>
    block.lines.find((candidate) => headerKey(candidate.cells[0] ?? '') === headerKey(name));
  const withUnit = (text: string, unit: string) => `${text.trim()} ${unit.trim()}`.trim();
  const result = (key: string, name: string, unit: SafetyUnit) => {
    const line = lineOf(name);
    return line
      ? bounds.keep(key, readReading(withUnit(line.cells[1] ?? '', line.cells[2] ?? ''), name, unit, style))
      : null;
  };
  const appliedParts: AppliedPartMeasurement[] = [...types].map(([name, type]) => ({
    name,
    type,
    leakageMicroamp: type === 'B' ? null : result(`appliedPart:${name}`, `AP Leakage ${name}`, 'µA'),
  }));
  const protectiveEarthOhm = result('protectiveEarth', 'Earth Bond', 'Ω');
  const earthLine = lineOf('Earth Bond');
  const earthLimit = earthLine
    ? readValue(
        withUnit(earthLine.cells[3] ?? '', earthLine.cells[2] ?? ''),
        'The Earth Bond limit',
        'Ω',
        style,
      )
    : null;
  const visual = block.lines.find((line) => headerKey(line.cells[0] ?? '') === 'visualinspection');
  const visualInspection = readVerdict(visual?.cells[1] ?? '', 'The visual inspection');
  if (!visualInspection) throw new UnreadableValue('The block has no Visual Inspection result.');
  const cord = withCordOf(
    earthLimit,
    block.lines
      .filter((line) => headerKey(line.cells[0] ?? '') === 'usercomment')
      .flatMap((line) => line.cells.slice(1).map((text) => text.trim()))
      .filter(Boolean)
      .join(' '),
    protectiveEarthOhm !== null,
  );
  return {
    line: block.start,
    serialNumber,
    assetNumber: assetId || null,
    testedAt,
    analyserResult: readVerdict(value('Status'), 'The status'),
    test: {
      testedOn,
      testerName: value('User Name'),
      instrument,
      instrumentCalibratedOn: null,
      protectionClass: sequence.protectionClass,
      leakageMethod: sequence.method,
      appliedPartMethod: sequence.method === 'direct' ? 'direct' : 'alternative',
      peWithCord: cord.peWithCord,
      protectiveEarthOhm,
      insulationMegaohm: result('insulation', 'Insulation', 'MΩ'),
      equipmentLeakageMicroamp: result('equipmentLeakage', 'Equipment Leakage', 'µA'),
      appliedParts,
      visualInspection,
      notes: cord.notes,
      ...bounds.list,
    },
  };
}

export const rigelMedeBase: AnalyserFormat = {
  id: 'rigel-medebase',
  name: 'Rigel 288+ / Med-eBase complete result',
  detect: (header) => /^tested on$/i.test((header[0] ?? '').trim()),
  parse(lines, style) {
    const out = { records: [] as AnalyserRecord[], refusals: [] as AnalyserRefusal[] };
    for (const block of blocksOf(lines)) {
      const serial =
        block.lines.find((line) => SERIAL_TRACES.has(headerKey(line.cells[0] ?? '')))?.cells[1]?.trim() ??
        block.lines.find((line) => headerKey(line.cells[0] ?? '') === 'assetid')?.cells[1]?.trim() ??
        null;
      eachRow(block.start, serial || null, () => readBlock(block, { tester: 'Rigel 288+' }, style), out);
    }
    return out;
  },
};
