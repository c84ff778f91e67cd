import { z } from 'zod';

/*
 * UDI strings (Unique Device Identification, GS1 issuing agency), as a person pastes or scans them
 * into the add-equipment form or an inventory import cell.
 *
 * Two forms are read:
 * - the printed (human-readable) form, each application identifier (AI) in parentheses before its
 *   value: `(01)09506000134352(17)270131(10)ABC123(21)SN-0042`. Spaces between element strings are
 *   ignored (labels often print them, and a space is never part of a GS1 value);
 * - the raw scan, AIs run together: a fixed-length value needs no end mark, a variable-length one
 *   ends at the group separator (GS, U+001D) or at the end. A scanner may send a symbology
 *   identifier first (`]d2` GS1 DataMatrix, `]C1` GS1-128, `]Q3` GS1 QR, `]e0` GS1 DataBar) and a
 *   leading GS for the FNC1 that marks GS1 data; both are dropped. A scanner set up as a keyboard
 *   cannot type U+001D, so many write it as the text `<GS>`: in a raw scan that text is read as GS
 *   too. Only that rendering is: another (`^]`, `\x1d`) holds a character set 82 lacks, so it is
 *   refused with that character named, and the scanner can be set to send `<GS>`. The price is
 *   that a lot or serial holding the text `<GS>` cannot be given as a raw scan (its printed form
 *   still reads). A GS where an AI is expected is skipped: some encoders put one after a
 *   fixed-length value too, needless but harmless.
 *
 * Caliber reads the AIs a device label carries for its UDI: 01 (GTIN, the device identifier),
 * 11 (manufacture date), 17 (expiry date), 10 (lot) and 21 (serial). Anything else is refused by
 * name rather than dropped, so that what Caliber stores is the whole UDI the label shows.
 */

/** The longest text read as a UDI (a full device UDI is under 90 characters printed). */
export const UDI_MAX_LENGTH = 200;

/** A UDI read into its parts. */
export interface UdiParts {
  /** The UDI in its human-readable form, AIs in the order 01, 11, 17, 10, 21, as Caliber stores and prints it. */
  udi: string;
  /** AI 01: the GTIN, 14 digits, check digit verified. */
  gtin: string;
  /** AI 21. */
  serialNumber: string | null;
  /** AI 10. */
  lotNumber: string | null;
  /** AI 17, `YYYY-MM-DD`. */
  expiryDate: string | null;
  /** AI 11, `YYYY-MM-DD`. */
  manufactureDate: string | null;
}

/** What a text reads as: the UDI's parts, or a sentence saying what is wrong, for the person. */
export type UdiReading = { ok: true; parts: UdiParts } | { ok: false; message: string };

const GS = '\u001d';

/**
 * The symbology identifiers of the barcodes that carry GS1 element strings. A scanner sends one
 * only when configured to; its presence says nothing about the data, so it is dropped.
 */
const GS1_SYMBOLOGIES = [']d2', ']C1', ']Q3', ']e0'];

/** The AIs Caliber reads, in the order the printed UDI gives them. */
const AI_ORDER = ['01', '11', '17', '10', '21'] as const;
type UdiAi = (typeof AI_ORDER)[number];

const LABELS: Record<UdiAi, string> = {
  '01': 'The GTIN (01)',
  '11': 'The manufacture date (11)',
  '17': 'The expiry date (17)',
  '10': 'The lot number (10)',
  '21': 'The serial number (21)',
};

/** The value length of each fixed-length AI; the others run to a GS (or the next `(`). */
const FIXED_LENGTH: Partial<Record<UdiAi, number>> = { '01': 14, '11': 6, '17': 6 };

/** GS1 limits a lot and a serial to 20 characters. */
const TEXT_MAX = 20;

/**
 * How many digits an AI has, by its first two when not two (GS1's table): a raw scan does not mark
 * where an AI ends, so this is how an AI Caliber does not read is still named right, (240) and not
 * (24).
 */
const AI_LENGTH_BY_PREFIX = new Map<string, number>([
  ...['23', '24', '25', '40', '41', '42', '71'].map((prefix) => [prefix, 3] as const),
  ...['31', '32', '33', '34', '35', '36', '39', '43', '70', '72', '80', '81', '82'].map(
    (prefix) => [prefix, 4] as const,
  ),
]);

/**
 * GS1 AI encodable character set 82, the characters a lot or serial may hold: the printable ASCII
 * characters but space, `#`, `$`, `@`, `[`, `\`, `]`, `^`, backquote, `{`, `|`, `}` and `~`.
 */
const CSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

const MONTH_NAMES = [
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

/**
 * The GS1 check digit (mod 10) of the digits before it: weights 3 and 1 alternate from the
 * rightmost digit, which weighs 3. Counting from the right makes leading zeros change nothing, so
 * this serves a GTIN-14 (13 digits given) and a GTIN-8, -12 or -13 alike (7, 11 or 12 given).
 */
export function gtinCheckDigit(first13: string): number {
  if (!/^\d+$/.test(first13)) throw new RangeError(`gtinCheckDigit needs digits, not '${first13}'.`);
  let sum = 0;
  for (let i = 0; i < first13.length; i++) {
    const weight = (first13.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(first13[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `digits` (8, 12, 13 or 14 of them) end in their right check digit. */
const hasValidCheckDigit = (digits: string) =>
  gtinCheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);

/** A stretch of the text as the message shows it: short, and with GS made visible. */
function excerpt(text: string): string {
  const shown = text.length > 20 ? `${text.slice(0, 20)}…` : text;
  return shown.replaceAll(GS, '<GS>');
}

/** A character as a sentence names it. */
function characterName(char: string): string {
  if (char === ' ') return 'a space';
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f)
    return `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${char}'`;
}

/** One AI and its value as the text gives them, before they are checked. */
interface Element {
  ai: UdiAi;
  value: string;
}

type Split = { ok: true; elements: Element[] } | { ok: false; message: string };

const unsupported = (ai: string): Split => ({
  ok: false,
  message: `(${ai}) is not an application identifier a device UDI uses here; Caliber reads 01, 10, 11, 17 and 21.`,
});

const isUdiAi = (ai: string): ai is UdiAi => (AI_ORDER as readonly string[]).includes(ai);

/**
 * An element string of the printed form: the AI in parentheses, then its value up to the next `(`
 * (a fixed-length value too: the parentheses mark where it ends, so a short one is seen as short).
 */
const PRINTED_ELEMENT = /\s*\((\d{2,4})\)\s*([^(]*)/y;

/** The element strings of the printed form. */
function splitPrinted(text: string): Split {
  const elements: Element[] = [];
  let at = 0;
  while (at < text.length) {
    PRINTED_ELEMENT.lastIndex = at;
    const match = PRINTED_ELEMENT.exec(text);
    if (!match) {
      return {
        ok: false,
        message: `The UDI reads '${excerpt(text.slice(at))}' where an application identifier in parentheses, such as (21), should be.`,
      };
    }
    const [whole, ai = '', value = ''] = match;
    if (!isUdiAi(ai)) return unsupported(ai);
    elements.push({ ai, value: value.trimEnd() });
    at += whole.length;
  }
  return { ok: true, elements };
}

/** The element strings of a raw scan (GS already written as U+001D). */
function splitRaw(text: string): Split {
  const elements: Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at += 1;
      continue;
    }
    const prefix = text.slice(at, at + 2);
    if (!/^\d\d$/.test(prefix)) {
      return {
        ok: false,
        message: `The UDI reads '${excerpt(text.slice(at))}' where an application identifier, digits such as 21, should be.`,
      };
    }
    const ai = text.slice(at, at + (AI_LENGTH_BY_PREFIX.get(prefix) ?? 2));
    if (!isUdiAi(ai)) return unsupported(ai);
    at += ai.length;
    const separator = text.indexOf(GS, at);
    const end = separator < 0 ? text.length : separator;
    const fixed = FIXED_LENGTH[ai];
    const valueEnd = fixed === undefined ? end : Math.min(end, at + fixed);
    elements.push({ ai, value: text.slice(at, valueEnd) });
    at = valueEnd;
  }
  return { ok: true, elements };
}

/** The year GS1 gives a YY: the one of its century-mates within -49..+50 years of `today`'s year. */
function yearOf(yy: number, today: Date): number {
  const current = today.getUTCFullYear();
  const year = current - (current % 100) + yy;
  if (year - current > 50) return year - 100;
  if (year - current < -49) return year + 100;
  return year;
}

type Checked = { ok: true; value: string } | { ok: false; message: string };

function checkGtin(value: string): Checked {
  if (!/^\d{14}$/.test(value)) {
    return { ok: false, message: `${LABELS['01']} must be 14 digits; the UDI gives '${excerpt(value)}'.` };
  }
  const expected = gtinCheckDigit(value.slice(0, 13));
  if (Number(value[13]) !== expected) {
    return {
      ok: false,
      message: `${LABELS['01']} ${value} has a wrong check digit: it should end in ${expected}.`,
    };
  }
  return { ok: true, value };
}

/** A YYMMDD date as `YYYY-MM-DD`; DD 00 means the month's last day, as GS1 allows when a label gives only the month. */
function checkDate(ai: '11' | '17', value: string, today: Date): Checked {
  const label = LABELS[ai];
  if (!/^\d{6}$/.test(value)) {
    return { ok: false, message: `${label} must be six digits, YYMMDD; the UDI gives '${excerpt(value)}'.` };
  }
  const year = yearOf(Number(value.slice(0, 2)), today);
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  if (month < 1 || month > 12) {
    return { ok: false, message: `${label} ${value} is not a date: there is no month ${value.slice(2, 4)}.` };
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) {
    return {
      ok: false,
      message: `${label} ${value} is not a date: ${MONTH_NAMES[month - 1]} ${year} has no day ${day}.`,
    };
  }
  const dd = day === 0 ? lastDay : day;
  return {
    ok: true,
    value: `${String(year).padStart(4, '0')}-${value.slice(2, 4)}-${String(dd).padStart(2, '0')}`,
  };
}

/**
 * A lot or serial: 1 to 20 characters of set 82. A `(` is refused although GS1 allows it: Caliber
 * keeps the printed form, where a `(` starts the next AI, so a value holding one would read back
 * as something else.
 */
function checkText(ai: '10' | '21', value: string): Checked {
  const label = LABELS[ai];
  if (value === '') return { ok: false, message: `${label} is empty.` };
  if (value.length > TEXT_MAX) {
    return {
      ok: false,
      message: `${label} has ${value.length} characters; GS1 allows at most ${TEXT_MAX}.`,
    };
  }
  const wrong = [...value].find((char) => !CSET_82.test(char));
  if (wrong !== undefined) {
    return {
      ok: false,
      message: `${label} '${excerpt(value)}' holds ${characterName(wrong)}, which a GS1 code cannot carry.`,
    };
  }
  if (value.includes('(')) {
    return {
      ok: false,
      message: `${label} '${value}' holds '(', which Caliber cannot keep: in the printed UDI a '(' starts the next application identifier.`,
    };
  }
  return { ok: true, value };
}

function checkElement(ai: UdiAi, value: string, today: Date): Checked {
  if (ai === '01') return checkGtin(value);
  if (ai === '11' || ai === '17') return checkDate(ai, value, today);
  return checkText(ai, value);
}

/** The trimmed text without the symbology identifier a scanner may send first. */
function withoutSymbology(text: string): string {
  const symbology = GS1_SYMBOLOGIES.find((id) => text.startsWith(id));
  return symbology ? text.slice(symbology.length) : text;
}

/**
 * Reads a UDI in its printed form or as a raw scan. `today` fixes the century of the two-digit
 * years (its UTC year); it is the real date unless a test gives one.
 */
export function readUdi(text: string, today: Date = new Date()): UdiReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'The UDI is empty.' };
  if (trimmed.length > UDI_MAX_LENGTH) {
    return {
      ok: false,
      message: `The UDI has ${trimmed.length} characters; Caliber reads at most ${UDI_MAX_LENGTH}.`,
    };
  }
  const body = withoutSymbology(trimmed);
  // `<GS>` is a scanner's rendering of GS, so only a raw scan has it; in the printed form it is
  // text of a value, which set 82 allows.
  const split = body.startsWith('(') ? splitPrinted(body) : splitRaw(body.replaceAll('<GS>', GS));
  if (!split.ok) return split;

  const raw = new Map<UdiAi, string>();
  const read = new Map<UdiAi, string>();
  for (const { ai, value } of split.elements) {
    if (raw.has(ai)) {
      return { ok: false, message: `(${ai}) appears twice; a UDI gives each application identifier once.` };
    }
    const checked = checkElement(ai, value, today);
    if (!checked.ok) return checked;
    raw.set(ai, value);
    read.set(ai, checked.value);
  }
  if (split.elements.length === 0) return { ok: false, message: 'The UDI is empty.' };
  const gtin = read.get('01');
  if (gtin === undefined) {
    return {
      ok: false,
      message: 'The UDI has no GTIN (01): every UDI carries its device identifier, (01) and 14 digits.',
    };
  }
  // The printed form keeps each value as the label gives it (a DD of 00 stays 00).
  const udi = AI_ORDER.filter((ai) => raw.has(ai))
    .map((ai) => `(${ai})${raw.get(ai)}`)
    .join('');
  return {
    ok: true,
    parts: {
      udi,
      gtin,
      serialNumber: read.get('21') ?? null,
      lotNumber: read.get('10') ?? null,
      expiryDate: read.get('17') ?? null,
      manufactureDate: read.get('11') ?? null,
    },
  };
}

/**
 * An optional UDI field of a request: '', null and undefined read as none (null); any other text
 * must read as a UDI, and the field keeps it trimmed (the service reads it again for its parts).
 * The error is the reading's own sentence.
 */
export const optionalUdiField = z
  .string({ error: 'The UDI must be text.' })
  .trim()
  .check((context) => {
    if (context.value === '') return;
    const reading = readUdi(context.value);
    if (!reading.ok) context.issues.push({ code: 'custom', input: context.value, message: reading.message });
  })
  .nullish()
  .transform((value) => value || null);

/**
 * What a search box's text means if it names a device by UDI or GTIN: the GTIN (14 digits) and,
 * from a full UDI, its serial. A bare GTIN-14 counts when its check digit is right; so does a
 * GTIN-8, UPC-A (12) or EAN-13, padded to 14 with leading zeros as GS1 defines (the check digit is
 * the same). Anything else, a misread number among them, is not a key: null, and the search reads
 * the text as words.
 */
export function udiSearchKey(text: string): { gtin: string; serialNumber: string | null } | null {
  const trimmed = text.trim();
  if (/^(\d{8}|\d{12,14})$/.test(trimmed)) {
    return hasValidCheckDigit(trimmed) ? { gtin: trimmed.padStart(14, '0'), serialNumber: null } : null;
  }
  const reading = readUdi(trimmed);
  return reading.ok ? { gtin: reading.parts.gtin, serialNumber: reading.parts.serialNumber } : null;
}
