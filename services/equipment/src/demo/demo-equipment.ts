import {
  DEFAULT_REPORT_DEPARTMENTS,
  gtinCheckDigit,
  type EquipmentStatus,
  type NewEquipment,
} from '@caliber/contracts';

/**
 * A demo model's GTIN: GS1's own example company prefix (0614141, never a real product) and the
 * model's place in the catalogue, with its check digit.
 */
function demoGtin(model: string): string {
  let code = 0;
  for (const char of model) code = (code * 31 + char.charCodeAt(0)) % 1_000_000;
  const first13 = `0614141${String(code).padStart(6, '0')}`;
  return `${first13}${gtinCheckDigit(first13)}`;
}

/** The categories the demo inventory uses: the starting categories of the hospital's list. */
export type DemoCategory =
  | 'Ventilator'
  | 'Defibrillator'
  | 'Monitor'
  | 'Infusion Pump'
  | 'Suction'
  | 'Autoclave'
  | 'X-Ray'
  | 'Ultrasound';

/** Real makes and models per category, so demo and benchmark data read like a hospital's. */
const CATALOGUE: Record<DemoCategory, { noun: string; models: [string, string][] }> = {
  Ventilator: {
    noun: 'Ventilator',
    models: [
      ['Dräger', 'Evita V500'],
      ['Hamilton Medical', 'C6'],
      ['Philips Respironics', 'V60'],
      ['Mindray', 'SV300'],
    ],
  },
  Defibrillator: {
    noun: 'Defibrillator',
    models: [
      ['Philips', 'HeartStart XL+'],
      ['ZOLL', 'R Series'],
      ['Mindray', 'BeneHeart D6'],
      ['Nihon Kohden', 'TEC-5600'],
    ],
  },
  Monitor: {
    noun: 'Patient Monitor',
    models: [
      ['Philips', 'IntelliVue MX450'],
      ['GE Healthcare', 'CARESCAPE B450'],
      ['Mindray', 'ePM 10'],
      ['Nihon Kohden', 'BSM-3500'],
    ],
  },
  'Infusion Pump': {
    noun: 'Infusion Pump',
    models: [
      ['B. Braun', 'Infusomat Space'],
      ['BD', 'Alaris GP'],
      ['Fresenius Kabi', 'Agilia VP'],
      ['Baxter', 'Sigma Spectrum'],
    ],
  },
  Suction: {
    noun: 'Suction Unit',
    models: [
      ['Laerdal', 'LSU 4000'],
      ['Medela', 'Dominant Flex'],
      ['ATMOS', 'C 451'],
    ],
  },
  Autoclave: {
    noun: 'Autoclave',
    models: [
      ['Tuttnauer', '3870EA'],
      ['Getinge', 'HS33'],
      ['STERIS', 'Amsco Century'],
    ],
  },
  'X-Ray': {
    noun: 'X-Ray Unit',
    models: [
      ['Siemens Healthineers', 'Mobilett Elara Max'],
      ['GE Healthcare', 'AMX Navigate'],
      ['Philips', 'DigitalDiagnost C90'],
      ['Shimadzu', 'MobileDaRt Evolution'],
    ],
  },
  Ultrasound: {
    noun: 'Ultrasound System',
    models: [
      ['GE Healthcare', 'LOGIQ E10'],
      ['Philips', 'EPIQ Elite'],
      ['Mindray', 'Resona 7'],
      ['Siemens Healthineers', 'ACUSON Juniper'],
    ],
  },
};

/** How often each status occurs in a working inventory (weights out of 100). */
const STATUS_WEIGHTS: [EquipmentStatus, number][] = [
  ['Serviceable', 75],
  ['Under Maintenance', 10],
  ['Unserviceable', 8],
  ['Decommissioned', 5],
  ['Auctioned', 2],
];

const PLACES = ['Bay', 'Bed', 'Room', 'Store', 'Nurses Station'];

/** A small deterministic generator (mulberry32): the same seed gives the same inventory. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function weighted<T>(next: () => number, weights: [T, number][], fallback: T): T {
  let roll = next() * weights.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of weights) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return fallback;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * `count` equipment items across every department, category and status, with realistic names,
 * makes, models, places and dates. Serial numbers are unique within one call (`serialPrefix`
 * keeps several calls apart).
 */
export function generateEquipment(count: number, seed = 1, serialPrefix = 'SN'): NewEquipment[] {
  const next = random(seed);
  const categories = Object.keys(CATALOGUE) as DemoCategory[];
  const items: NewEquipment[] = [];
  for (let index = 0; index < count; index += 1) {
    const category = pick(next, categories);
    const { noun, models } = CATALOGUE[category];
    const [manufacturer, model] = pick(next, models);
    // The clinical areas that hold most devices (the report filter's default selection).
    const department = pick(next, DEFAULT_REPORT_DEPARTMENTS);
    const place = pick(next, PLACES);
    const installed = new Date(
      Date.UTC(2012 + Math.floor(next() * 14), Math.floor(next() * 12), 1 + Math.floor(next() * 28)),
    );
    const warrantyYears = 1 + Math.floor(next() * 5);
    const hasWarranty = next() < 0.8;
    const serialNumber = `${serialPrefix}-${manufacturer
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()}-${String(index + 1).padStart(7, '0')}`;
    items.push({
      name: `${department} ${noun} ${1 + Math.floor(next() * 40)}`,
      manufacturer,
      model,
      serialNumber,
      department,
      location: `${department} ${place} ${1 + Math.floor(next() * 30)}`,
      installationDate: isoDate(installed),
      warrantyExpiry: hasWarranty
        ? isoDate(
            new Date(
              Date.UTC(
                installed.getUTCFullYear() + warrantyYears,
                installed.getUTCMonth(),
                installed.getUTCDate(),
              ),
            ),
          )
        : null,
      status: weighted(next, STATUS_WEIGHTS, 'Serviceable'),
      category,
      // Devices made since UDI labels became the rule (2018 on, in this demo) carry one.
      udi: installed.getUTCFullYear() >= 2018 ? `(01)${demoGtin(model)}(21)${serialNumber}` : null,
    });
  }
  return items;
}
