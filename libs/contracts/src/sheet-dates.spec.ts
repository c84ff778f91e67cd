import fc from 'fast-check';
import { isCalendarDate } from './dates';
import { dateOrderOf, excelSerialDate, readSheetDate, type DateOrder } from './sheet-dates';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

describe('Reading a spreadsheet date', () => {
  it('reads year-first dates with any separator, never as ambiguous', () => {
    for (const text of ['2021-03-04', '2021/03/04', '2021.03.04', '2021/3/4', ' 2021-03-04 ']) {
      expect(readSheetDate(text, 'DMY')).toBe('2021-03-04');
      expect(readSheetDate(text, 'MDY')).toBe('2021-03-04');
    }
    expect(readSheetDate('2021-03/04', 'DMY')).toBeNull();
  });

  it('takes the date part of an ISO date-time, as an XLSX reader gives a date cell, and drops a time', () => {
    for (const text of [
      '2021-03-04T00:00:00Z',
      '2021-03-04T00:00:00.000Z',
      '2021-03-04T23:59:59.999+01:00',
      '2021-03-04 00:00:00',
      '2021-03-04 14:30',
    ]) {
      expect(readSheetDate(text, 'MDY')).toBe('2021-03-04');
    }
    expect(readSheetDate('04/03/2021 14:30', 'DMY')).toBe('2021-03-04');
    expect(readSheetDate('3/4/2021 2:30 PM', 'MDY')).toBe('2021-03-04');
    expect(readSheetDate('2021-03-04T', 'DMY')).toBeNull();
    expect(readSheetDate('2021-03-04 noon', 'DMY')).toBeNull();
  });

  it('reads day and month in numbers in the order given', () => {
    for (const text of ['04/03/2021', '4/3/2021', '04-03-2021', '04.03.2021', '4.03.2021']) {
      expect(readSheetDate(text, 'DMY')).toBe('2021-03-04');
      expect(readSheetDate(text, 'MDY')).toBe('2021-04-03');
    }
    expect(readSheetDate('13/02/2021', 'DMY')).toBe('2021-02-13');
    expect(readSheetDate('13/02/2021', 'MDY')).toBeNull();
    expect(readSheetDate('02/13/2021', 'MDY')).toBe('2021-02-13');
    expect(readSheetDate('02/13/2021', 'DMY')).toBeNull();
    expect(readSheetDate('04/03-2021', 'DMY')).toBeNull();
    expect(readSheetDate('004/03/2021', 'DMY')).toBeNull();
  });

  it('reads two-digit years 00–69 as 2000–2069 and 70–99 as 1970–1999', () => {
    expect(readSheetDate('04/03/21', 'DMY')).toBe('2021-03-04');
    expect(readSheetDate('04/03/00', 'DMY')).toBe('2000-03-04');
    expect(readSheetDate('04/03/69', 'DMY')).toBe('2069-03-04');
    expect(readSheetDate('04/03/70', 'DMY')).toBe('1970-03-04');
    expect(readSheetDate('04/03/99', 'MDY')).toBe('1999-04-03');
    expect(readSheetDate('4-Mar-31', 'MDY')).toBe('2031-03-04');
    expect(readSheetDate('04/03/021', 'DMY')).toBeNull();
  });

  it('reads English month names, in full or three letters, in any case, either side of the day', () => {
    for (const text of [
      '4 Mar 2021',
      '04-Mar-2021',
      '4-mar-21',
      '4 March 2021',
      '4 MARCH 2021',
      '4th March 2021',
      '4 Mar. 2021',
      '4/Mar/2021',
      'March 4, 2021',
      'Mar 4 2021',
      'mar 4, 21',
      'March 4th, 2021',
      'Mar-04-2021',
    ]) {
      expect(readSheetDate(text, 'DMY')).toBe('2021-03-04');
      expect(readSheetDate(text, 'MDY')).toBe('2021-03-04');
    }
    expect(readSheetDate('30 Sept 2021', 'DMY')).toBe('2021-09-30');
    expect(readSheetDate('Sep 30, 2021', 'DMY')).toBe('2021-09-30');
  });

  it('finds no date in a month name it does not know, or a day the month lacks', () => {
    expect(readSheetDate('4 Mrz 2021', 'DMY')).toBeNull();
    expect(readSheetDate('4 Ma 2021', 'DMY')).toBeNull();
    expect(readSheetDate('Marc 4 2021', 'DMY')).toBeNull();
    expect(readSheetDate('31 Apr 2021', 'DMY')).toBeNull();
    expect(readSheetDate('March 2021', 'DMY')).toBeNull();
    expect(readSheetDate('4March2021', 'DMY')).toBeNull();
  });

  it('reads five-digit Excel day numbers, dropping the time of day', () => {
    expect(readSheetDate('44259', 'DMY')).toBe('2021-03-04');
    expect(readSheetDate('44259.75', 'MDY')).toBe('2021-03-04');
    expect(readSheetDate('25569', 'DMY')).toBe('1970-01-01');
    expect(readSheetDate('10000', 'DMY')).toBe('1927-05-18');
    expect(readSheetDate('99999', 'DMY')).toBe('2173-10-13');
  });

  it('reads no other number as a date: a year alone is not one, nor a short or long number', () => {
    for (const text of [
      '2021',
      '1999',
      '9999',
      '1000',
      '960',
      '61',
      '04425',
      '123456',
      '2958465',
      '44259.',
      '-44259',
    ]) {
      expect(readSheetDate(text, 'DMY')).toBeNull();
    }
  });

  it('gives only dates that exist: 29 February in leap years only', () => {
    expect(readSheetDate('29/02/2020', 'DMY')).toBe('2020-02-29');
    expect(readSheetDate('29/02/2021', 'DMY')).toBeNull();
    expect(readSheetDate('2000-02-29', 'DMY')).toBe('2000-02-29');
    expect(readSheetDate('1900-02-29', 'DMY')).toBeNull();
    expect(readSheetDate('Feb 29, 2100', 'MDY')).toBeNull();
    expect(readSheetDate('2021-00-10', 'DMY')).toBeNull();
    expect(readSheetDate('00/01/2021', 'DMY')).toBeNull();
  });

  it('leaves a year a record cannot hold to the caller', () => {
    expect(readSheetDate('0001-01-01', 'DMY')).toBe('0001-01-01');
    expect(readSheetDate('15/06/1850', 'DMY')).toBe('1850-06-15');
    expect(readSheetDate('31 Dec 2250', 'DMY')).toBe('2250-12-31');
  });

  it('finds no date in what is not one', () => {
    for (const text of [
      '',
      '   ',
      'n/a',
      'TBD',
      '-',
      'Installed 2021',
      '04/03',
      '2021-03',
      `${'2021-03-04'}${' '.repeat(60)}x`,
    ]) {
      expect(readSheetDate(text, 'DMY')).toBeNull();
    }
    expect(readSheetDate(`4 March 2021${' '.repeat(60)}`, 'DMY')).toBe('2021-03-04');
    expect(readSheetDate(`4${' '.repeat(60)}March 2021`, 'DMY')).toBeNull();
  });
});

describe('Excel day numbers', () => {
  it('count from 1900-01-01, with the 1900-02-29 Excel invents as 60, which is no date', () => {
    expect(excelSerialDate(1)).toBe('1900-01-01');
    expect(excelSerialDate(31)).toBe('1900-01-31');
    expect(excelSerialDate(59)).toBe('1900-02-28');
    expect(excelSerialDate(60)).toBeNull();
    expect(excelSerialDate(61)).toBe('1900-03-01');
    expect(excelSerialDate(44197)).toBe('2021-01-01');
    expect(excelSerialDate(2958465)).toBe('9999-12-31');
  });

  it('drop the time of day, and refuse numbers outside Excel’s calendar', () => {
    expect(excelSerialDate(44259.999)).toBe('2021-03-04');
    expect(excelSerialDate(60.5)).toBeNull();
    for (const serial of [0, 0.5, -1, 2958466, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(excelSerialDate(serial)).toBeNull();
    }
  });
});

describe('The date order of a column', () => {
  it('is decided by a date that reads only one way', () => {
    expect(dateOrderOf(['04/03/2021', '13/03/2021', '05/05/2021'])).toBe('DMY');
    expect(dateOrderOf(['04/03/2021', '03/13/2021'])).toBe('MDY');
    expect(dateOrderOf(new Set(['1/2/21', '12/31/99']))).toBe('MDY');
    expect(dateOrderOf([' 25.12.2020 14:00 '])).toBe('DMY');
  });

  it('is undecided when every date reads both ways, or none is written in numbers', () => {
    expect(dateOrderOf([])).toBeNull();
    expect(dateOrderOf(['04/03/2021', '12/12/2021', '1-2-2020'])).toBeNull();
    expect(dateOrderOf(['2021-03-13', '13 Mar 2021', 'March 13, 2021', '44259', 'n/a', ''])).toBeNull();
    // A date that reads no way decides nothing either.
    expect(dateOrderOf(['31/04/2021', '13/13/2021'])).toBeNull();
  });

  it('decides by whether the day exists, not only by its size', () => {
    // 30/02 is no date day first; 02/30 is none month first: neither decides.
    expect(dateOrderOf(['30/02/2021', '02/30/2021'])).toBeNull();
    // 31/01 exists only day first.
    expect(dateOrderOf(['31/01/2021'])).toBe('DMY');
    expect(dateOrderOf(['29/02/2021'])).toBeNull();
  });

  it('is a conflict when the column holds both', () => {
    expect(dateOrderOf(['13/02/2021', '02/13/2021'])).toBe('conflict');
    const once = function* () {
      yield '13/02/2021';
      yield '02/13/2021';
      throw new Error('read past the conflict');
    };
    expect(dateOrderOf(once())).toBe('conflict');
  });
});

describe('Spreadsheet dates, any date', () => {
  const anyDate = fc
    .date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));
  const anyCase = (text: string, upper: boolean[]) =>
    [...text].map((char, index) => (upper[index] ? char.toUpperCase() : char.toLowerCase())).join('');

  /** Every form a date can be written in, with the order it must be read in. */
  function forms(iso: string, order: DateOrder, upper: boolean[]): string[] {
    const [y = '', mm = '', dd = ''] = iso.split('-');
    const m = String(Number(mm));
    const d = String(Number(dd));
    const month = MONTHS[Number(mm) - 1] ?? '';
    const mon = month.slice(0, 3);
    const [first, second, firstBare, secondBare] = order === 'DMY' ? [dd, mm, d, m] : [mm, dd, m, d];
    const written = [
      `${y}-${mm}-${dd}`,
      `${y}/${mm}/${dd}`,
      `${y}.${m}.${d}`,
      `${iso}T00:00:00.000Z`,
      `${iso}T17:45:00Z`,
      `${first}/${second}/${y}`,
      `${firstBare}/${secondBare}/${y}`,
      `${first}-${second}-${y}`,
      `${first}.${second}.${y}`,
      anyCase(`${d} ${mon} ${y}`, upper),
      anyCase(`${dd}-${mon}-${y}`, upper),
      anyCase(`${d} ${month} ${y}`, upper),
      anyCase(`${month} ${d}, ${y}`, upper),
      anyCase(`${mon} ${d} ${y}`, upper),
    ];
    const year = Number(y);
    if (year >= 1970 && year <= 2069) {
      const yy = y.slice(2);
      written.push(`${first}/${second}/${yy}`, anyCase(`${d}-${mon}-${yy}`, upper));
    }
    const serial = Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
    if (serial >= 10_000 && serial <= 99_999) written.push(String(serial), `${serial}.25`);
    return written;
  }

  it('reads back every form of any date it is written in', () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.constantFrom<DateOrder>('DMY', 'MDY'),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        (iso, order, upper) => {
          for (const text of forms(iso, order, upper))
            expect([text, readSheetDate(text, order)]).toEqual([text, iso]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds the order of a column written in numbers, never the other, and reads it back', () => {
    fc.assert(
      fc.property(
        fc.array(anyDate, { minLength: 1, maxLength: 30 }),
        fc.constantFrom<DateOrder>('DMY', 'MDY'),
        (dates, order) => {
          const column = dates.map((iso) => {
            const [y = '', mm = '', dd = ''] = iso.split('-');
            return order === 'DMY' ? `${dd}/${mm}/${y}` : `${mm}/${dd}/${y}`;
          });
          const found = dateOrderOf(column);
          const decides = dates.some((iso) => Number(iso.slice(8)) > 12);
          expect(found).toBe(decides ? order : null);
          expect(column.map((text) => readSheetDate(text, order))).toEqual(dates);
        },
      ),
    );
  });

  it('gives a date that exists, or null, whatever the text', () => {
    const dateLike = fc.string({ unit: fc.constantFrom(...'0123456789/-.: TZ,aprMAJnuly'), maxLength: 24 });
    fc.assert(
      fc.property(
        fc.oneof(dateLike, fc.string()),
        fc.constantFrom<DateOrder>('DMY', 'MDY'),
        (text, order) => {
          const read = readSheetDate(text, order);
          expect(read === null || isCalendarDate(read)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
