import type { NewEquipment } from '@caliber/contracts';
import type { EntityManager } from 'typeorm';
import { random, type DemoCategory } from './demo-equipment';

/**
 * What the demo hospital paid for each kind of device (a range, in the Ghanaian cedi the demo's
 * labour rates are in) and how long it expects each to serve: the figures a biomedical department
 * plans replacements with. Life support and imaging cost the most; imaging and sterilisers last
 * longest.
 */
const PROFILES: Record<DemoCategory, { cost: [number, number]; lifeYears: number }> = {
  Ventilator: { cost: [180_000, 320_000], lifeYears: 10 },
  Defibrillator: { cost: [60_000, 110_000], lifeYears: 8 },
  Monitor: { cost: [40_000, 90_000], lifeYears: 8 },
  'Infusion Pump': { cost: [25_000, 45_000], lifeYears: 8 },
  Suction: { cost: [8_000, 15_000], lifeYears: 10 },
  Autoclave: { cost: [90_000, 200_000], lifeYears: 15 },
  'X-Ray': { cost: [900_000, 1_600_000], lifeYears: 12 },
  Ultrasound: { cost: [300_000, 600_000], lifeYears: 8 },
};

/** The local suppliers the demo buys from: vendors of the demo's vendor list (`DEMO_VENDORS`). */
export const DEMO_SUPPLIERS = ['MediServe Ghana Ltd', 'Tropical Medical Supplies', 'Accra Biomedical Ltd'];

/** About one device in eight has no figures yet (bought before anyone kept them). */
const WITHOUT_FIGURES = 0.125;

const DAY_MS = 86_400_000;

export interface DemoAcquisition {
  serialNumber: string;
  acquisitionCost: number;
  purchaseDate: string;
  supplier: string;
  expectedLifeYears: number;
}

/**
 * Deterministic figures for the generated items: bought up to a month before installation, at a
 * price within the kind's range (whole cedis). Its own random sequence, so the items stay exactly
 * what `generateEquipment` makes for the same seed.
 */
export function demoAcquisitions(items: readonly NewEquipment[], seed = 1): DemoAcquisition[] {
  const next = random(seed ^ 0xac9_0151);
  return items.flatMap((item) => {
    const profile = PROFILES[item.category as DemoCategory] ?? PROFILES.Monitor;
    const [low, high] = profile.cost;
    const cost = Math.round(low + next() * (high - low));
    const daysBefore = Math.floor(next() * 31);
    const supplier = DEMO_SUPPLIERS[Math.floor(next() * DEMO_SUPPLIERS.length)] ?? DEMO_SUPPLIERS[0] ?? '';
    if (next() < WITHOUT_FIGURES) return [];
    const purchaseDate = new Date(Date.parse(`${item.installationDate}T00:00:00Z`) - daysBefore * DAY_MS)
      .toISOString()
      .slice(0, 10);
    return [
      {
        serialNumber: item.serialNumber,
        acquisitionCost: cost,
        purchaseDate,
        supplier,
        expectedLifeYears: profile.lifeYears,
      },
    ];
  });
}

/**
 * Writes the figures for the demo devices, found by serial number, each supplier the vendor of its
 * name (so the vendors are written first); no audit rows: seeded data.
 */
export async function insertDemoAcquisitions(
  manager: EntityManager,
  figures: readonly DemoAcquisition[],
): Promise<void> {
  if (figures.length === 0) return;
  await manager.query(
    `INSERT INTO "equipment"."device_acquisitions"
       ("equipment_id", "acquisition_cost", "purchase_date", "supplier_vendor_id", "expected_life_years", "updated_by_label")
     SELECT e."id", f."acquisition_cost", f."purchase_date"::date, v."id", f."expected_life_years", 'seed'
       FROM jsonb_to_recordset($1::jsonb)
         AS f("serial_number" text, "acquisition_cost" numeric, "purchase_date" text, "supplier" text,
              "expected_life_years" int)
       JOIN "equipment"."equipment" e ON e."serial_number" = f."serial_number" AND e."deleted_at" IS NULL
       LEFT JOIN "equipment"."vendors" v ON lower(v."name") = lower(f."supplier")`,
    [
      JSON.stringify(
        figures.map((figure) => ({
          serial_number: figure.serialNumber,
          acquisition_cost: figure.acquisitionCost,
          purchase_date: figure.purchaseDate,
          supplier: figure.supplier,
          expected_life_years: figure.expectedLifeYears,
        })),
      ),
    ],
  );
}
