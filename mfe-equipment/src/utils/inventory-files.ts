import {
  ASSET_LABELS_MAX,
  labelLayout,
  type AssetLabelsRequest,
  type EquipmentFilters,
  type InventoryExportFormat,
  type LabelLayoutId,
} from '@caliber/contracts';
import type { ListFilters } from '../hooks/use-equipment-list';

/*
 * What the inventory's Export and Print labels send: the page's filters as the export and label
 * calls take them, and which devices a sheet of labels covers. No DOM here, so it is tested under Node.
 */

/** The list's filters without its page: what an export or a sheet of labels covers. */
export function filtersOfList(filters: ListFilters): EquipmentFilters {
  return {
    q: filters.q.trim(),
    department: filters.department,
    status: filters.status as EquipmentFilters['status'],
    category: '',
    riskClass: filters.riskClass,
    pmProgram: filters.pmProgram,
    recall: filters.recall,
  };
}

/**
 * One text for a set of filters: a selection is kept across pages while this stays the same, and
 * dropped when it changes (devices chosen under other filters may not be on screen any more).
 */
export function filtersKey(filters: ListFilters): string {
  return JSON.stringify(filtersOfList(filters));
}

/** The export's address: the format, then only the filters that are set. */
export function exportPath(filters: ListFilters, format: InventoryExportFormat): string {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filtersOfList(filters))) if (value) params.set(key, value);
  return `/equipment/export?${params.toString()}`;
}

export const EXPORT_CHOICES: readonly { format: InventoryExportFormat; label: string; accept: string }[] = [
  {
    format: 'xlsx',
    label: 'Excel (.xlsx)',
    accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  { format: 'csv', label: 'CSV (.csv)', accept: 'text/csv' },
];

/** How many labels can be left empty on a part-used first sheet: all but one (none on a roll). */
export function maxSkip(layout: LabelLayoutId): number {
  const { columns, rows } = labelLayout(layout);
  return columns * rows - 1;
}

export type LabelScope = 'selected' | 'filtered';

export interface LabelChoice {
  layout: LabelLayoutId;
  skip: number;
  scope: LabelScope;
}

/** The labels call's body: the devices chosen by id, or the inventory as the page filters it. */
export function labelsRequest(
  choice: LabelChoice,
  selected: readonly string[],
  filters: ListFilters,
): AssetLabelsRequest {
  const skip = Math.min(Math.max(0, Math.trunc(choice.skip) || 0), maxSkip(choice.layout));
  return choice.scope === 'selected'
    ? { layout: choice.layout, ids: [...selected], skip }
    : { layout: choice.layout, filters: filtersOfList(filters), skip };
}

/** Why the labels cannot be made as chosen, or null: nothing to print, or more than one file holds. */
export function labelsProblem(count: number): string | null {
  if (count === 0) return 'No devices to print labels for.';
  if (count > ASSET_LABELS_MAX)
    return `At most ${ASSET_LABELS_MAX.toLocaleString('en')} labels fit in one file: narrow the filters (print one department at a time).`;
  return null;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** What the PDF will hold: "57 labels on 3 sheets of 21, after the 5 already used on the first." */
export function labelSheetsLine(layout: LabelLayoutId, skip: number, count: number): string {
  const { columns, rows } = labelLayout(layout);
  const perSheet = columns * rows;
  if (perSheet === 1) return `${plural(count, 'label', 'labels')}, one a page.`;
  const used = Math.min(Math.max(0, Math.trunc(skip) || 0), perSheet - 1);
  const sheets = Math.ceil((used + count) / perSheet);
  const after = used > 0 ? `, after the ${plural(used, 'label', 'labels')} already used on the first` : '';
  return `${plural(count, 'label', 'labels')} on ${plural(sheets, 'sheet', 'sheets')} of ${perSheet}${after}.`;
}
