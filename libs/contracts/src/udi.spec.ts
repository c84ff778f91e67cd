import fc from 'fast-check';
import { type z } from 'zod';
import {
  gtinCheckDigit,
  optionalUdiField,
  readUdi,
  UDI_MAX_LENGTH,
  udiSearchKey,
  type UdiParts,
} from './udi';

const GS = '\u001d';
/** Readings are made as of mid-2026, so the century of a two-digit year is fixed. */
const TODAY = new Date(Date.UTC(2026, 5, 15));
/** The GS1 example GTIN; its check digit is 2. */
const GTIN = '09506000134352';

/** A GTIN-14 with its right check digit. */
const withCheck = (first13: string) => `${first13}${gtinCheckDigit(first13)}`;

const parts = (text: string, today = TODAY): UdiParts => {
  const reading = readUdi(text, today);
  if (!reading.ok) throw new Error(`'${text}' did not read: ${reading.message}`);
  return reading.parts;
};
const refusal = (text: string, today = TODAY) => {
  const reading = readUdi(text, today);
  return reading.ok ? `read as ${reading.parts.udi}` : reading.message;
};
const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('GTIN check digits', () => {
  it('follow GS1 mod 10, weighing from the right, for GTIN-8, -12, -13 and -14 alike', () => {
    expect(gtinCheckDigit('0950600013435')).toBe(2);
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    // Leading zeros change nothing: a short GTIN padded to 14 keeps its check digit.
    expect(gtinCheckDigit('0400638133393')).toBe(1);
    expect(gtinCheckDigit('0000000000000')).toBe(0);
  });

  it('refuse what is not digits', () => {
    expect(() => gtinCheckDigit('')).toThrow(RangeError);
    expect(() => gtinCheckDigit('09506OOO13435')).toThrow(RangeError);
  });
});

describe('Reading a UDI', () => {
  const full: UdiParts = {
    udi: `(01)${GTIN}(17)270131(10)ABC123(21)SN-0042`,
    gtin: GTIN,
    serialNumber: 'SN-0042',
    lotNumber: 'ABC123',
    expiryDate: '2027-01-31',
    manufactureDate: null,
  };

  it('reads the printed form into its parts', () => {
    expect(readUdi(`(01)${GTIN}(17)270131(10)ABC123(21)SN-0042`, TODAY)).toEqual({ ok: true, parts: full });
  });

  it('reads the raw scan to the same parts: fixed-length values need no separator, a lot ends at GS', () => {
    expect(parts(`01${GTIN}17270131` + `10ABC123${GS}21SN-0042`)).toEqual(full);
  });

  it('reads real-world labels: an infusion pump, a monitor with only a serial, a catheter lot', () => {
    const pump = withCheck('0088452115897');
    expect(parts(`]d201${pump}11190412` + `21A1B2C3D4E5F6`)).toEqual({
      udi: `(01)${pump}(11)190412(21)A1B2C3D4E5F6`,
      gtin: pump,
      serialNumber: 'A1B2C3D4E5F6',
      lotNumber: null,
      expiryDate: null,
      manufactureDate: '2019-04-12',
    });
    const monitor = withCheck('0401234500001');
    expect(parts(`(01)${monitor}(21)MX450-77812`)).toMatchObject({
      gtin: monitor,
      serialNumber: 'MX450-77812',
    });
    const catheter = withCheck('1088006312345');
    expect(parts(`]C101${catheter}17280300${GS}10L2025/11-B`)).toEqual({
      udi: `(01)${catheter}(17)280300(10)L2025/11-B`,
      gtin: catheter,
      serialNumber: null,
      lotNumber: 'L2025/11-B',
      expiryDate: '2028-03-31',
      manufactureDate: null,
    });
  });

  it('gives the printed form in the order 01, 11, 17, 10, 21 whatever order the scan had', () => {
    const scan = `21SN-0042${GS}10ABC123${GS}17270131` + `11250101` + `01${GTIN}`;
    expect(parts(scan).udi).toBe(`(01)${GTIN}(11)250101(17)270131(10)ABC123(21)SN-0042`);
    expect(parts(`(21)SN-0042(01)${GTIN}`).udi).toBe(`(01)${GTIN}(21)SN-0042`);
  });

  it('drops the symbology identifier of a GS1 barcode, a leading FNC1 and a trailing GS', () => {
    const scan = `01${GTIN}17270131` + `10ABC123${GS}21SN-0042`;
    for (const symbology of [']d2', ']C1', ']Q3', ']e0']) {
      expect(parts(`${symbology}${scan}`)).toEqual(full);
      expect(parts(`${symbology}${GS}${scan}${GS}`)).toEqual(full);
    }
    expect(parts(`${GS}${scan}`)).toEqual(full);
    // A GS after a fixed-length value is needless but harmless.
    expect(parts(`01${GTIN}${GS}17270131${GS}10ABC123${GS}21SN-0042`)).toEqual(full);
  });

  it('reads the text <GS> as the separator in a raw scan, as keyboard-wedge scanners write it', () => {
    expect(parts(`<GS>01${GTIN}17270131` + `10ABC123<GS>21SN-0042`)).toEqual(full);
    // Other renderings are not separators: ^] stays in the lot, where set 82 refuses it.
    expect(refusal(`01${GTIN}10ABC123^]21SN-0042`)).toBe(
      "The lot number (10) 'ABC123^]21SN-0042' holds '^', which a GS1 code cannot carry.",
    );
  });

  it('keeps <GS> as text of a value in the printed form, where set 82 allows it', () => {
    expect(parts(`(01)${GTIN}(10)A<GS>B`).lotNumber).toBe('A<GS>B');
  });

  it('trims surrounding whitespace and ignores spaces between printed element strings', () => {
    expect(parts(`  (01)${GTIN}(17)270131(10)ABC123(21)SN-0042 \n`)).toEqual(full);
    expect(parts(`(01) ${GTIN} (17) 270131 (10) ABC123 (21) SN-0042`)).toEqual(full);
    expect(parts(`\t01${GTIN}17270131` + `10ABC123${GS}21SN-0042  `)).toEqual(full);
  });

  it('accepts every character of set 82 but the parenthesis in a lot and a serial', () => {
    const serial = `!"%&')*+,-./:;<=>?_`;
    expect(parts(`01${GTIN}21${serial}`).serialNumber).toBe(serial);
    expect(parts(`(01)${GTIN}(10)azAZ09`).lotNumber).toBe('azAZ09');
    expect(parts(`01${GTIN}10${'L'.repeat(20)}`).lotNumber).toBe('L'.repeat(20));
  });
});

describe('Two-digit years', () => {
  const expiry = (yymmdd: string, today: Date) => parts(`01${GTIN}17${yymmdd}`, today).expiryDate;

  it('fall within 49 years before and 50 after the current year, as GS1 rules', () => {
    expect(expiry('760101', TODAY)).toBe('2076-01-01'); // +50
    expect(expiry('770101', TODAY)).toBe('1977-01-01'); // -49
    expect(expiry('260615', TODAY)).toBe('2026-06-15');
    expect(expiry('000101', TODAY)).toBe('2000-01-01');
  });

  it('cross into the next century near its end, and back into the last one near its start', () => {
    const late = new Date(Date.UTC(2099, 0, 1));
    expect(expiry('500101', late)).toBe('2050-01-01'); // -49
    expect(expiry('490101', late)).toBe('2149-01-01'); // +50
    const early = new Date(Date.UTC(2000, 0, 1));
    expect(expiry('500101', early)).toBe('2050-01-01'); // +50
    expect(expiry('510101', early)).toBe('1951-01-01'); // -49
  });

  it('use the current date by default', () => {
    const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
    expect(readUdi(`01${GTIN}11${yy}0101`)).toMatchObject({
      ok: true,
      parts: { manufactureDate: `${new Date().getUTCFullYear()}-01-01` },
    });
  });
});

describe('Dates of a UDI', () => {
  it('read DD 00 as the last day of the month, and keep 00 in the printed form', () => {
    expect(parts(`01${GTIN}17270200`)).toMatchObject({
      expiryDate: '2027-02-28',
      udi: `(01)${GTIN}(17)270200`,
    });
    expect(parts(`01${GTIN}17280200`).expiryDate).toBe('2028-02-29');
    expect(parts(`01${GTIN}11251100`).manufactureDate).toBe('2025-11-30');
    expect(parts(`01${GTIN}11251200`).manufactureDate).toBe('2025-12-31');
  });

  it('accept 29 February in leap years only, 2000 among them and 2100 not', () => {
    expect(parts(`01${GTIN}17280229`).expiryDate).toBe('2028-02-29');
    expect(parts(`01${GTIN}17000229`).expiryDate).toBe('2000-02-29');
    expect(refusal(`01${GTIN}17270229`)).toBe(
      'The expiry date (17) 270229 is not a date: February 2027 has no day 29.',
    );
    // Seen from 2080, 00 is 2100, which is not a leap year.
    expect(refusal(`01${GTIN}17000229`, new Date(Date.UTC(2080, 0, 1)))).toBe(
      'The expiry date (17) 000229 is not a date: February 2100 has no day 29.',
    );
  });
});

describe('UDI refusals', () => {
  it('refuses an empty text, one too long, and one without a GTIN', () => {
    expect(refusal('')).toBe('The UDI is empty.');
    expect(refusal('   ')).toBe('The UDI is empty.');
    expect(refusal(']d2')).toBe('The UDI is empty.');
    expect(refusal(`${GS}<GS>`)).toBe('The UDI is empty.');
    const long = `01${GTIN}10${'A'.repeat(UDI_MAX_LENGTH)}`;
    expect(refusal(long)).toBe(`The UDI has ${long.length} characters; Caliber reads at most 200.`);
    expect(refusal('(21)SN-0042(17)270131')).toBe(
      'The UDI has no GTIN (01): every UDI carries its device identifier, (01) and 14 digits.',
    );
  });

  it('refuses a GTIN with a wrong check digit, saying the right one', () => {
    expect(refusal('(01)09506000134353')).toBe(
      'The GTIN (01) 09506000134353 has a wrong check digit: it should end in 2.',
    );
    expect(refusal('0109506000134350' + '21X')).toBe(
      'The GTIN (01) 09506000134350 has a wrong check digit: it should end in 2.',
    );
  });

  it('refuses a GTIN that is not 14 digits', () => {
    expect(refusal('(01)0950600013435(21)X')).toBe(
      "The GTIN (01) must be 14 digits; the UDI gives '0950600013435'.",
    );
    expect(refusal('(01)095060001343521')).toBe(
      "The GTIN (01) must be 14 digits; the UDI gives '095060001343521'.",
    );
    expect(refusal(`010950600013435${GS}21X`)).toBe(
      "The GTIN (01) must be 14 digits; the UDI gives '0950600013435'.",
    );
    expect(refusal('01O9506000134352')).toBe(
      "The GTIN (01) must be 14 digits; the UDI gives 'O9506000134352'.",
    );
    expect(refusal('01')).toBe("The GTIN (01) must be 14 digits; the UDI gives ''.");
    // A long value is cut short in the message.
    expect(refusal(`(01)${'9'.repeat(30)}`)).toBe(
      `The GTIN (01) must be 14 digits; the UDI gives '${'9'.repeat(20)}…'.`,
    );
  });

  it('names an application identifier it does not read, by its full length', () => {
    const list =
      'is not an application identifier a device UDI uses here; Caliber reads 01, 10, 11, 17 and 21.';
    expect(refusal(`(01)${GTIN}(99)X`)).toBe(`(99) ${list}`);
    expect(refusal(`(01)${GTIN}(240)REF-1`)).toBe(`(240) ${list}`);
    expect(refusal(`01${GTIN}240REF-1`)).toBe(`(240) ${list}`);
    expect(refusal(`01${GTIN}70032601011200`)).toBe(`(7003) ${list}`);
    expect(refusal(`01${GTIN}3100000250`)).toBe(`(3100) ${list}`);
    expect(refusal(`00${'1'.repeat(18)}`)).toBe(`(00) ${list}`);
    expect(refusal(`01${GTIN}10LOT${GS}22ABC`)).toBe(`(22) ${list}`);
  });

  it('refuses text where an application identifier should be', () => {
    expect(refusal('(AB)123')).toBe(
      "The UDI reads '(AB)123' where an application identifier in parentheses, such as (21), should be.",
    );
    expect(refusal(`(01)${GTIN}(10)AB(C(21)X`)).toBe(
      "The UDI reads '(C(21)X' where an application identifier in parentheses, such as (21), should be.",
    );
    expect(refusal('SN-0042')).toBe(
      "The UDI reads 'SN-0042' where an application identifier, digits such as 21, should be.",
    );
    expect(refusal(`01${GTIN}${GS}X17270131`)).toBe(
      "The UDI reads 'X17270131' where an application identifier, digits such as 21, should be.",
    );
    expect(refusal(']d1010950600013435')).toBe(
      "The UDI reads ']d1010950600013435' where an application identifier, digits such as 21, should be.",
    );
    expect(refusal(`01${GTIN}1`)).toBe(
      "The UDI reads '1' where an application identifier, digits such as 21, should be.",
    );
  });

  it('refuses an application identifier given twice, even with the same value', () => {
    expect(refusal(`(01)${GTIN}(21)A(21)B`)).toBe(
      '(21) appears twice; a UDI gives each application identifier once.',
    );
    expect(refusal(`01${GTIN}01${GTIN}`)).toBe(
      '(01) appears twice; a UDI gives each application identifier once.',
    );
  });

  it('refuses a date that is not six digits, or does not exist', () => {
    expect(refusal(`(01)${GTIN}(17)2701`)).toBe(
      "The expiry date (17) must be six digits, YYMMDD; the UDI gives '2701'.",
    );
    expect(refusal(`01${GTIN}112701`)).toBe(
      "The manufacture date (11) must be six digits, YYMMDD; the UDI gives '2701'.",
    );
    expect(refusal(`(01)${GTIN}(11)27-01-31`)).toBe(
      "The manufacture date (11) must be six digits, YYMMDD; the UDI gives '27-01-31'.",
    );
    expect(refusal(`01${GTIN}17271301`)).toBe(
      'The expiry date (17) 271301 is not a date: there is no month 13.',
    );
    expect(refusal(`01${GTIN}17270001`)).toBe(
      'The expiry date (17) 270001 is not a date: there is no month 00.',
    );
    expect(refusal(`01${GTIN}17270431`)).toBe(
      'The expiry date (17) 270431 is not a date: April 2027 has no day 31.',
    );
    expect(refusal(`01${GTIN}11270132`)).toBe(
      'The manufacture date (11) 270132 is not a date: January 2027 has no day 32.',
    );
  });

  it('refuses a lot or serial that is empty, too long, or holds a character GS1 does not carry', () => {
    expect(refusal(`(01)${GTIN}(10)(21)X`)).toBe('The lot number (10) is empty.');
    expect(refusal(`01${GTIN}10${GS}21X`)).toBe('The lot number (10) is empty.');
    expect(refusal(`01${GTIN}21`)).toBe('The serial number (21) is empty.');
    expect(refusal(`01${GTIN}21${'9'.repeat(21)}`)).toBe(
      'The serial number (21) has 21 characters; GS1 allows at most 20.',
    );
    expect(refusal(`(01)${GTIN}(21)SN 0042`)).toBe(
      "The serial number (21) 'SN 0042' holds a space, which a GS1 code cannot carry.",
    );
    expect(refusal(`01${GTIN}21SNé42`)).toBe(
      "The serial number (21) 'SNé42' holds 'é', which a GS1 code cannot carry.",
    );
    expect(refusal(`01${GTIN}10A#1`)).toBe(
      "The lot number (10) 'A#1' holds '#', which a GS1 code cannot carry.",
    );
    expect(refusal(`01${GTIN}10A\t1`)).toBe(
      "The lot number (10) 'A\t1' holds the control character U+0009, which a GS1 code cannot carry.",
    );
  });

  it('refuses a ( in a lot or serial, which the printed form could not give back', () => {
    expect(refusal(`01${GTIN}21AB(1`)).toBe(
      "The serial number (21) 'AB(1' holds '(', which Caliber cannot keep: in the printed UDI a '(' starts the next application identifier.",
    );
  });

  it('reports the first thing wrong, in the order of the text', () => {
    expect(refusal(`(01)09506000134353(21)SN 1`)).toBe(
      'The GTIN (01) 09506000134353 has a wrong check digit: it should end in 2.',
    );
    expect(refusal(`(21)SN 1(01)09506000134353`)).toBe(
      "The serial number (21) 'SN 1' holds a space, which a GS1 code cannot carry.",
    );
  });
});

describe('UDI round trip', () => {
  const CSET_82 = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
  const valueText = fc.string({
    unit: fc.constantFrom(...[...CSET_82].filter((char) => char !== '(')),
    minLength: 1,
    maxLength: 20,
  });
  const gtin = fc
    .string({ unit: fc.constantFrom(...'0123456789'), minLength: 13, maxLength: 13 })
    .map(withCheck);
  /** A YYMMDD within the window of TODAY (1977–2076), sometimes with DD 00, and the date it means. */
  const yymmdd = fc
    .tuple(
      fc.date({
        min: new Date('1977-01-01T00:00:00Z'),
        max: new Date('2076-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      fc.boolean(),
    )
    .map(([date, monthOnly]) => {
      const iso = date.toISOString().slice(0, 10);
      const [year = 0, month = 0] = iso.split('-').map(Number);
      const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      return monthOnly
        ? { digits: `${iso.slice(2, 4)}${iso.slice(5, 7)}00`, date: last }
        : { digits: `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`, date: iso };
    });
  const label = fc.record({
    gtin,
    made: fc.option(yymmdd, { nil: undefined }),
    expires: fc.option(yymmdd, { nil: undefined }),
    lot: fc.option(valueText, { nil: undefined }),
    serial: fc.option(valueText, { nil: undefined }),
  });
  type Label = typeof label extends fc.Arbitrary<infer T> ? T : never;

  const elements = (value: Label): [string, string][] =>
    [
      ['01', value.gtin],
      ['11', value.made?.digits],
      ['17', value.expires?.digits],
      ['10', value.lot],
      ['21', value.serial],
    ].filter((element): element is [string, string] => element[1] !== undefined);

  const expected = (value: Label): UdiParts => ({
    udi: elements(value)
      .map(([ai, text]) => `(${ai})${text}`)
      .join(''),
    gtin: value.gtin,
    serialNumber: value.serial ?? null,
    lotNumber: value.lot ?? null,
    expiryDate: value.expires?.date ?? null,
    manufactureDate: value.made?.date ?? null,
  });

  it('reads the printed form of any valid label into its parts, and its own printed form the same', () => {
    fc.assert(
      fc.property(label, (value) => {
        const read = parts(expected(value).udi);
        expect(read).toEqual(expected(value));
        expect(parts(read.udi)).toEqual(read);
      }),
      { numRuns: 300 },
    );
  });

  it('reads the raw scan, in any order, with any GS rendering and symbology, to the same parts', () => {
    fc.assert(
      fc.property(
        label,
        fc.func(fc.integer()),
        fc.constantFrom(GS, '<GS>'),
        fc.constantFrom('', ']d2', ']C1', ']Q3', `${GS}`),
        (value, rank, separator, start) => {
          if (separator === '<GS>') fc.pre(![value.lot, value.serial].some((text) => text?.includes('<GS>')));
          const order = elements(value).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
          const scan = order
            .map(([ai, text], index) => {
              const variable = ai === '10' || ai === '21';
              return `${ai}${text}${variable && index < order.length - 1 ? separator : ''}`;
            })
            .join('');
          expect(parts(`${start}${scan}`)).toEqual(expected(value));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('The optional UDI field', () => {
  it('reads nothing as null, and keeps a UDI that reads, trimmed', () => {
    expect(optionalUdiField.parse('')).toBeNull();
    expect(optionalUdiField.parse('   ')).toBeNull();
    expect(optionalUdiField.parse(null)).toBeNull();
    expect(optionalUdiField.parse(undefined)).toBeNull();
    expect(optionalUdiField.parse(` (01)${GTIN}(21)SN-1 `)).toBe(`(01)${GTIN}(21)SN-1`);
    expect(optionalUdiField.parse(`]d201${GTIN}10L1${GS}21S`)).toBe(`]d201${GTIN}10L1${GS}21S`);
  });

  it('says what the reading says when the text is not a UDI', () => {
    for (const text of ['(01)09506000134353', `(01)${GTIN}(99)X`, '(21)SN-1', 'x'.repeat(201)]) {
      const reading = readUdi(text);
      expect(reading.ok).toBe(false);
      expect(messageOf(optionalUdiField, text)).toBe(reading.ok ? undefined : reading.message);
    }
    expect(messageOf(optionalUdiField, 9506000134352)).toBe('The UDI must be text.');
  });
});

describe('UDI search keys', () => {
  it('find a GTIN in a bare GTIN-14, and in a GTIN-8, UPC-A or EAN-13 padded to 14', () => {
    expect(udiSearchKey(GTIN)).toEqual({ gtin: GTIN, serialNumber: null });
    expect(udiSearchKey(' 4006381333931 ')).toEqual({ gtin: '04006381333931', serialNumber: null });
    expect(udiSearchKey('036000291452')).toEqual({ gtin: '00036000291452', serialNumber: null });
    expect(udiSearchKey('96385074')).toEqual({ gtin: '00000096385074', serialNumber: null });
    // A bare GTIN starting 01 is a GTIN, not the start of a raw scan.
    const zeroOne = withCheck('0123456789012');
    expect(udiSearchKey(zeroOne)).toEqual({ gtin: zeroOne, serialNumber: null });
  });

  it('find the GTIN and serial of a full UDI, in either form', () => {
    expect(udiSearchKey(`(01)${GTIN}(17)270131(21)SN-0042`)).toEqual({ gtin: GTIN, serialNumber: 'SN-0042' });
    expect(udiSearchKey(`]d201${GTIN}10L1${GS}21SN-0042`)).toEqual({ gtin: GTIN, serialNumber: 'SN-0042' });
    expect(udiSearchKey(`01${GTIN}`)).toEqual({ gtin: GTIN, serialNumber: null });
  });

  it('find nothing in a wrong check digit, another length of digits, words, or a UDI that does not read', () => {
    expect(udiSearchKey('09506000134353')).toBeNull();
    expect(udiSearchKey('4006381333932')).toBeNull();
    expect(udiSearchKey('95060001343')).toBeNull();
    expect(udiSearchKey('123456789')).toBeNull();
    expect(udiSearchKey('Infusion pump')).toBeNull();
    expect(udiSearchKey('')).toBeNull();
    expect(udiSearchKey(`(01)${GTIN}(99)X`)).toBeNull();
  });
});
