import { auditActionLabel, type AuditTrailRow } from '@caliber/contracts';

/** The audit logs' names of what changed, as a technician would say them. */
const ENTITY_LABELS: Record<string, string> = {
  equipment: 'Device',
  task: 'Task',
  'pm-plan': 'PM plan',
  user: 'Staff record',
  session: 'Sign-in session',
  list_entry: 'Hospital list entry',
  report: 'Report',
  'report-schedule': 'Report schedule',
  'safety-test': 'Electrical safety test',
  recall: 'Recall notice',
  'recall-device': 'Recall action',
  'labour-rate': 'Labour rate',
  'cost-settings': 'Hospital currency',
  vendor: 'Vendor',
  'service-contract': 'Service contract',
};

/** Words from a code name: `pm-plan`, `list_entry`, `serialNumber` → `Pm plan`, `List entry`, `Serial number`. */
function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : name;
}

export function entityLabel(entity: string): string {
  return ENTITY_LABELS[entity] ?? words(entity);
}

/** "Device: Status changed". */
export function auditWhat(row: Pick<AuditTrailRow, 'entity' | 'action'>): string {
  return `${entityLabel(row.entity)}: ${auditActionLabel(row.action)}`;
}

/**
 * Field names the default words would say poorly: measurements with their units (the electrical
 * safety test's fields, as maintenance audits them), and the recall notice's and recall action's
 * fields (equipment's recalls).
 */
const FIELD_LABELS: Record<string, string> = {
  // Electrical safety tests (IEC 62353).
  equipmentName: 'Device',
  equipmentSerial: 'Serial number',
  testedOn: 'Test date',
  testerName: 'Tester',
  instrument: 'Test instrument',
  instrumentCalibratedOn: 'Instrument calibrated on',
  protectionClass: 'Protection class',
  leakageMethod: 'Leakage measurement method',
  appliedPartMethod: 'Applied part measurement method',
  peWithCord: 'Protective earth measured with the power cord',
  protectiveEarthOhm: 'Protective earth (Ω)',
  insulationMegaohm: 'Insulation (MΩ)',
  equipmentLeakageMicroamp: 'Equipment leakage (µA)',
  appliedParts: 'Applied parts',
  analyserResult: 'Result the analyser gave',
  repairTaskId: 'Repair task',
  // Recall notices and the actions on the devices they found.
  sourceReference: 'Notice reference',
  udiDi: 'UDI-DI (GTIN)',
  publishedOn: 'Date published',
  actionRequired: 'Action required',
  closingDecision: 'Why it was closed',
  recall: 'Recall notice',
  equipment: 'Device',
  matched: 'Matched on',
  closedWith: 'Closed with',
  decision: 'Written decision',
  taskId: 'Task',
};

/** A field's name in words: `installationDate` → `Installation date`; UDI and PM stay capitals. */
export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    words(field)
      .replace(/\budi\b/gi, 'UDI')
      .replace(/\bpm\b/gi, 'PM')
      .replace(/\bgtin\b/gi, 'GTIN')
  );
}

/** Values a field stores as a code, in words (`closedWith: task`). */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  closedWith: { task: 'A completed task', decision: 'A written decision' },
};

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An applied part's reading: "ECG (type CF): 3 µA"; a type B part has no leakage to measure. */
function appliedPartText(part: Fields): string | null {
  if (typeof part['name'] !== 'string' || typeof part['type'] !== 'string' || !('leakageMicroamp' in part))
    return null;
  const leakage = part['leakageMicroamp'];
  const reading =
    typeof leakage === 'number'
      ? `${leakage} µA`
      : leakage === null
        ? 'no leakage measured'
        : auditValue(leakage);
  return `${part['name']} (type ${part['type']}): ${reading}`;
}

/** One record within a value: an applied part, a serial range "A100 to A199", or "Field: value; …". */
function fieldsText(item: Fields): string {
  const part = appliedPartText(item);
  if (part) return part;
  const keys = Object.keys(item);
  if (keys.length === 2 && typeof item['from'] === 'string' && typeof item['to'] === 'string')
    return `${item['from']} to ${item['to']}`;
  return keys.length ? keys.map((key) => `${fieldLabel(key)}: ${auditValue(item[key])}`).join('; ') : '—';
}

/**
 * A recorded value as text: empty for nothing, Yes/No, a list joined, a code of `field` in words,
 * records within it (applied parts, serial ranges, what a recall matched) as readable text; only
 * deeper nesting falls back to JSON.
 */
export function auditValue(value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return (field && VALUE_WORDS[field]?.[value]) ?? value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
    if (value.every(isFields)) return value.map(fieldsText).join('; ');
    return JSON.stringify(value);
  }
  if (isFields(value) && Object.values(value).every((item) => !isFields(item) && !Array.isArray(item)))
    return fieldsText(value);
  return JSON.stringify(value);
}
