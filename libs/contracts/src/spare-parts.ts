import { z } from 'zod';

/** The part the examples' pump repair used. */
export const sparePartExample = {
  name: 'Pressure sensor',
  quantity: 1,
  description: 'Downstream, OEM',
  unitCost: 86.5,
  supplierId: '7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c',
  supplierName: 'B. Braun Medical Ltd',
};

/** A spare part used on a job, as recorded with the work. */
export const sparePartDtoSchema = z
  .object({
    name: z.string(),
    quantity: z.number().int(),
    description: z.string(),
    unitCost: z
      .number()
      .nullable()
      .describe('What one unit cost, when known (for the cost reports); never guessed.'),
    supplierId: z
      .string()
      .nullable()
      .describe('The vendor of the vendor list the part was bought from, when recorded.'),
    supplierName: z
      .string()
      .nullable()
      .describe('That vendor’s name when it was recorded, as on its invoice.'),
  })
  .meta({ id: 'SparePart', examples: [sparePartExample] });
export type SparePart = z.output<typeof sparePartDtoSchema>;

export const SPARE_PART_LIMITS = {
  name: 120,
  description: 500,
  maxQuantity: 10_000,
  /** Parts on one task: a job uses a handful; a list of thousands is a mistake, not a repair. */
  maxParts: 100,
} as const;

export interface SparePartLineError {
  /** 1-based line number in the text as typed. */
  line: number;
  message: string;
}

export interface ParsedSpareParts {
  parts: SparePart[];
  errors: SparePartLineError[];
}

/**
 * One line: a name, then optionally `x <number>` (whitespace before the x, so "Box x-ray film"
 * stays a name), then optionally ` - <description>` (whitespace before the dash, so "O-ring"
 * stays a name). The name is taken as short as the rest allows: "Lead x 2 - ECG" is Lead, 2, ECG.
 */
const LINE = /^(?<name>.+?)(?:\s+[x×]\s*(?<quantity>-?\d[\d.,]*))?(?:\s+-\s*(?<description>.*))?$/i;

/**
 * Reads the work form's spare-parts text: one part per line, `name x quantity - description`.
 * The quantity is 1 when not given, blank lines are dropped, and every line that cannot be a
 * part says why, with its line number. Used by the screen for its preview and by the server
 * for what it stores, so both read the same text the same way.
 */
export function parseSpareParts(text: string): ParsedSpareParts {
  const parts: SparePart[] = [];
  const errors: SparePartLineError[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const lineNumber = index + 1;
    const match = LINE.exec(line);
    const name = match?.groups?.['name']?.trim() ?? '';
    const quantityText = match?.groups?.['quantity'];
    const description = match?.groups?.['description']?.trim() ?? '';
    // A line that starts with the dash has only a description.
    if (!name || /^-(\s|$)/.test(line)) {
      errors.push({ line: lineNumber, message: `Line ${lineNumber}: the part needs a name.` });
      return;
    }
    const quantity = quantityText === undefined ? 1 : Number(quantityText);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > SPARE_PART_LIMITS.maxQuantity) {
      errors.push({
        line: lineNumber,
        message: `Line ${lineNumber}: the quantity must be a whole number from 1 to ${SPARE_PART_LIMITS.maxQuantity}.`,
      });
      return;
    }
    if (name.length > SPARE_PART_LIMITS.name) {
      errors.push({
        line: lineNumber,
        message: `Line ${lineNumber}: the name may have at most ${SPARE_PART_LIMITS.name} characters.`,
      });
      return;
    }
    if (description.length > SPARE_PART_LIMITS.description) {
      errors.push({
        line: lineNumber,
        message: `Line ${lineNumber}: the description may have at most ${SPARE_PART_LIMITS.description} characters.`,
      });
      return;
    }
    parts.push({ name, quantity, description, unitCost: null, supplierId: null, supplierName: null });
  });
  if (parts.length > SPARE_PART_LIMITS.maxParts)
    errors.push({ line: 0, message: `A task may list at most ${SPARE_PART_LIMITS.maxParts} spare parts.` });
  return { parts, errors };
}

/** The text a part list reads as in the work form, so saved parts can be edited again. */
export function formatSpareParts(
  parts: readonly Pick<SparePart, 'name' | 'quantity' | 'description'>[],
): string {
  return parts
    .map((part) => `${part.name} x ${part.quantity}${part.description ? ` - ${part.description}` : ''}`)
    .join('\n');
}
