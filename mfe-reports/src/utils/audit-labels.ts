import { auditActionLabel, type AuditTrailRow, type DomainServiceName } from '@caliber/contracts';

/** Which part of Caliber kept the record, in the words of the screens. */
export const AUDIT_SERVICE_LABELS: Record<DomainServiceName, string> = {
  identity: 'Staff',
  equipment: 'Equipment',
  maintenance: 'Maintenance',
  reports: 'Reports',
};

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

/** A field's name in words: `installationDate` → `Installation date`; UDI and PM stay capitals. */
export function fieldLabel(field: string): string {
  return words(field)
    .replace(/\budi\b/gi, 'UDI')
    .replace(/\bpm\b/gi, 'PM')
    .replace(/\bgtin\b/gi, 'GTIN');
}

/** A recorded value as text: empty for nothing, Yes/No, a list joined, anything else as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return value.length ? value.join(', ') : '—';
  return JSON.stringify(value);
}
