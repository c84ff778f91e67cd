import { z } from 'zod';
import { equipmentFiltersSchema } from './equipment';

/*
 * QR asset tags: a PDF of labels for the filtered inventory or a selection, each with the device's
 * name, serial number, department and a QR code of the device's address in Caliber. The layouts
 * are the common sheets of self-adhesive labels (A4 and US Letter) and two label-printer rolls.
 * Sizes are in PDF points (1/72 inch); the label's geometry is the manufacturer's.
 */

const MM = 72 / 25.4;
const INCH = 72;

export interface LabelLayout {
  id: string;
  /** What the screen offers: the sheet, its labels and their size. */
  title: string;
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** The first label's top-left corner from the page's top-left corner. */
  margin: { left: number; top: number };
  /** From one label's left (top) edge to the next one's. */
  pitch: { x: number; y: number };
}

const A4 = { width: 210 * MM, height: 297 * MM };
const LETTER = { width: 8.5 * INCH, height: 11 * INCH };

export const LABEL_LAYOUTS = [
  {
    id: 'a4-21',
    title: 'A4 sheet, 21 labels of 63.5 × 38.1 mm (Avery L7160)',
    page: A4,
    columns: 3,
    rows: 7,
    label: { width: 63.5 * MM, height: 38.1 * MM },
    margin: { left: 7.2 * MM, top: 15.15 * MM },
    pitch: { x: 66.04 * MM, y: 38.1 * MM },
  },
  {
    id: 'a4-24',
    title: 'A4 sheet, 24 labels of 63.5 × 33.9 mm (Avery L7159)',
    page: A4,
    columns: 3,
    rows: 8,
    label: { width: 63.5 * MM, height: 33.9 * MM },
    margin: { left: 7.2 * MM, top: 12.9 * MM },
    pitch: { x: 66.04 * MM, y: 33.9 * MM },
  },
  {
    id: 'a4-14',
    title: 'A4 sheet, 14 labels of 99.1 × 38.1 mm (Avery L7163)',
    page: A4,
    columns: 2,
    rows: 7,
    label: { width: 99.1 * MM, height: 38.1 * MM },
    margin: { left: 4.65 * MM, top: 15.15 * MM },
    pitch: { x: 101.6 * MM, y: 38.1 * MM },
  },
  {
    id: 'letter-30',
    title: 'Letter sheet, 30 labels of 2⅝ × 1 in (Avery 5160)',
    page: LETTER,
    columns: 3,
    rows: 10,
    label: { width: 2.625 * INCH, height: 1 * INCH },
    margin: { left: 0.1875 * INCH, top: 0.5 * INCH },
    pitch: { x: 2.75 * INCH, y: 1 * INCH },
  },
  {
    id: 'letter-10',
    title: 'Letter sheet, 10 labels of 4 × 2 in (Avery 5163)',
    page: LETTER,
    columns: 2,
    rows: 5,
    label: { width: 4 * INCH, height: 2 * INCH },
    margin: { left: 0.15625 * INCH, top: 0.5 * INCH },
    pitch: { x: 4.1875 * INCH, y: 2 * INCH },
  },
  {
    id: 'roll-62x29',
    title: 'Label printer roll, 62 × 29 mm (Brother DK-11209), one label a page',
    page: { width: 62 * MM, height: 29 * MM },
    columns: 1,
    rows: 1,
    label: { width: 62 * MM, height: 29 * MM },
    margin: { left: 0, top: 0 },
    pitch: { x: 62 * MM, y: 29 * MM },
  },
  {
    id: 'roll-2x1',
    title: 'Label printer roll, 2 × 1 in (Zebra), one label a page',
    page: { width: 2 * INCH, height: 1 * INCH },
    columns: 1,
    rows: 1,
    label: { width: 2 * INCH, height: 1 * INCH },
    margin: { left: 0, top: 0 },
    pitch: { x: 2 * INCH, y: 1 * INCH },
  },
] as const satisfies readonly LabelLayout[];

export type LabelLayoutId = (typeof LABEL_LAYOUTS)[number]['id'];
export const LABEL_LAYOUT_IDS = LABEL_LAYOUTS.map((layout) => layout.id) as [
  LabelLayoutId,
  ...LabelLayoutId[],
];
export const DEFAULT_LABEL_LAYOUT: LabelLayoutId = 'a4-21';

export function labelLayout(id: LabelLayoutId): LabelLayout {
  const layout = LABEL_LAYOUTS.find((candidate) => candidate.id === id);
  if (!layout) throw new Error(`No label layout ${id}.`);
  return layout;
}

/** The most labels one PDF holds: 238 A4 sheets of 21; a larger inventory prints by department. */
export const ASSET_LABELS_MAX = 5_000;

/**
 * The labels asked for: the devices chosen (`ids`) or the inventory as filtered (`filters`), one of
 * the two; `skip` leaves the first labels of the first sheet empty, for a sheet already part used.
 */
export const assetLabelsRequestSchema = z
  .strictObject(
    {
      layout: z
        .enum(LABEL_LAYOUT_IDS, { error: `layout must be one of ${LABEL_LAYOUT_IDS.join(', ')}.` })
        .default(DEFAULT_LABEL_LAYOUT),
      ids: z
        .array(z.uuid({ error: 'Each of ids must be an equipment id.' }))
        .min(1, { error: 'Choose at least one device.' })
        .max(ASSET_LABELS_MAX, {
          error: `At most ${ASSET_LABELS_MAX.toLocaleString('en')} labels fit in one file.`,
        })
        .optional(),
      filters: equipmentFiltersSchema.optional(),
      skip: z
        .number({ error: 'skip must be a number.' })
        .int({ error: 'skip must be a whole number.' })
        .min(0, { error: 'skip cannot be negative.' })
        .max(79, { error: 'skip must be less than the labels on one sheet.' })
        .default(0),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? 'Only layout, ids, filters and skip may be sent.' : undefined,
    },
  )
  .refine((request) => (request.ids === undefined) !== (request.filters === undefined), {
    error: 'Send either ids (the devices chosen) or filters (the inventory as filtered), not both.',
  })
  .refine(
    (request) => {
      const layout = LABEL_LAYOUTS.find((candidate) => candidate.id === request.layout);
      return !layout || request.skip < layout.columns * layout.rows;
    },
    { error: 'skip must be less than the labels on one sheet.', path: ['skip'] },
  );
export type AssetLabelsRequest = z.input<typeof assetLabelsRequestSchema>;

/**
 * What the gateway sends the equipment service for a sheet of labels: the request as asked, and
 * the address the QR codes start with (PUBLIC_URL, or the address the request came to).
 */
export const assetLabelsCommandSchema = z.strictObject({
  labels: assetLabelsRequestSchema,
  origin: z.url({ protocol: /^https?$/ }).max(300),
});
export type AssetLabelsCommand = z.output<typeof assetLabelsCommandSchema>;

/** What one label shows. */
export interface AssetLabel {
  name: string;
  serialNumber: string;
  department: string;
  /** The device's address in Caliber, which the QR code holds. */
  url: string;
}

/** A device's own address in the app: opened signed in, it shows the device. */
export function deviceUrl(origin: string, id: string): string {
  return `${origin.replace(/\/+$/, '')}/equipment/${id}`;
}
