import type { ContractKind, VendorKind } from '@caliber/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The demo hospital's vendors (the makers of its devices, who also service them, and the local
 * suppliers its acquisition figures name) and four service contracts, dated from the day the demo
 * is loaded so that the dashboard's renewal card, the notices and the cover at a failed device have
 * something to show: one contract ending within 30 days, one within 90, two later.
 */
export interface DemoVendor {
  name: string;
  kinds: VendorKind[];
  contactName: string;
  phone: string;
  email: string;
}

export interface DemoContract {
  vendor: string;
  reference: string;
  kind: ContractKind;
  /** Days from the day the demo is loaded. */
  startsInDays: number;
  endsInDays: number;
  annualCost: number;
  responseHours: number | null;
  pmIncluded: boolean;
  models: { manufacturer: string; model: string }[];
}

export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    name: 'Philips',
    kinds: ['manufacturer', 'service'],
    contactName: 'Philips Healthcare service desk',
    phone: '+233 30 274 0100',
    email: 'service.gh@philips.example',
  },
  {
    name: 'GE Healthcare',
    kinds: ['manufacturer', 'service'],
    contactName: 'GE HealthCare field service',
    phone: '+233 30 701 2200',
    email: 'fieldservice@gehealthcare.example',
  },
  {
    name: 'Mindray',
    kinds: ['manufacturer', 'service'],
    contactName: 'Mindray West Africa',
    phone: '+234 1 631 0500',
    email: 'service.wa@mindray.example',
  },
  {
    name: 'Dräger',
    kinds: ['manufacturer', 'service'],
    contactName: 'Dräger service hotline',
    phone: '+233 30 222 8800',
    email: 'service@draeger.example',
  },
  {
    name: 'MediServe Ghana Ltd',
    kinds: ['supplier', 'service'],
    contactName: 'Kwame Boateng',
    phone: '+233 24 455 1020',
    email: 'orders@mediserve.example',
  },
  {
    name: 'Tropical Medical Supplies',
    kinds: ['supplier'],
    contactName: 'Sales office',
    phone: '+233 30 266 7415',
    email: 'sales@tropicalmed.example',
  },
  {
    name: 'Accra Biomedical Ltd',
    kinds: ['supplier'],
    contactName: 'Ama Owusu',
    phone: '+233 20 811 3344',
    email: 'ama.owusu@accrabiomed.example',
  },
];

export const DEMO_CONTRACTS: readonly DemoContract[] = [
  {
    vendor: 'Philips',
    reference: 'PH-GH-2026-014',
    kind: 'full-service',
    startsInDays: -300,
    endsInDays: 65,
    annualCost: 96_000,
    responseHours: 8,
    pmIncluded: true,
    models: [
      { manufacturer: 'Philips', model: 'IntelliVue MX450' },
      { manufacturer: 'Philips', model: 'HeartStart XL+' },
    ],
  },
  {
    vendor: 'GE Healthcare',
    reference: 'GEHC-SA-88213',
    kind: 'pm-only',
    startsInDays: -340,
    endsInDays: 25,
    annualCost: 41_500,
    responseHours: 48,
    pmIncluded: true,
    models: [
      { manufacturer: 'GE Healthcare', model: 'CARESCAPE B450' },
      { manufacturer: 'GE Healthcare', model: 'LOGIQ E10' },
    ],
  },
  {
    vendor: 'Dräger',
    reference: 'DR-2026-0457',
    kind: 'full-service',
    startsInDays: -120,
    endsInDays: 610,
    annualCost: 128_000,
    responseHours: 4,
    pmIncluded: true,
    models: [{ manufacturer: 'Dräger', model: 'Evita V500' }],
  },
  {
    vendor: 'MediServe Ghana Ltd',
    reference: 'MS-TM-311',
    kind: 'time-and-materials',
    startsInDays: -30,
    endsInDays: 335,
    annualCost: 12_000,
    responseHours: 24,
    pmIncluded: false,
    models: [
      { manufacturer: 'Laerdal', model: 'LSU 4000' },
      { manufacturer: 'Medela', model: 'Dominant Flex' },
    ],
  },
];

/** Writes the demo vendors and contracts (no audit rows: seeded data), dated from `today`. */
export async function insertDemoContracts(manager: EntityManager, today: string): Promise<void> {
  await manager.query(
    `INSERT INTO "equipment"."vendors" ("name", "kinds", "contact_name", "phone", "email", "updated_by_label")
     SELECT v."name", ARRAY(SELECT jsonb_array_elements_text(v."kinds")), v."contactName", v."phone", v."email", 'seed'
       FROM jsonb_to_recordset($1::jsonb)
         AS v("name" text, "kinds" jsonb, "contactName" text, "phone" text, "email" text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(DEMO_VENDORS)],
  );
  await manager.query(
    `INSERT INTO "equipment"."service_contracts" ("vendor_id", "reference", "kind", "starts_on", "ends_on",
       "annual_cost", "response_hours", "pm_included", "models", "updated_by_label")
     SELECT v."id", c."reference", c."kind", $2::date + c."startsInDays", $2::date + c."endsInDays",
            c."annualCost", c."responseHours", c."pmIncluded", c."models", 'seed'
       FROM jsonb_to_recordset($1::jsonb)
         AS c("vendor" text, "reference" text, "kind" text, "startsInDays" int, "endsInDays" int,
              "annualCost" numeric, "responseHours" int, "pmIncluded" boolean, "models" jsonb)
       JOIN "equipment"."vendors" v ON lower(v."name") = lower(c."vendor")
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(DEMO_CONTRACTS), today],
  );
}
