import {
  createEquipmentSchema,
  readUdi,
  udiSerialRefusal,
  type CreateEquipmentRequest,
  type EquipmentStatus,
} from '@caliber/contracts';
import { z } from 'zod';

/** What the Add Equipment form holds while someone types: every field as text, the status a choice. */
export type EquipmentDraft = Record<Exclude<keyof CreateEquipmentRequest, 'status'>, string> & {
  status: EquipmentStatus | '';
};

export const EMPTY_EQUIPMENT_DRAFT: EquipmentDraft = {
  name: '',
  manufacturer: '',
  model: '',
  serialNumber: '',
  department: '',
  location: '',
  installationDate: '',
  warrantyExpiry: '',
  status: 'Serviceable',
  category: '',
  udi: '',
};

/** Without these a device cannot be found, serviced or counted; the warranty and the UDI are optional. */
export const REQUIRED_EQUIPMENT_FIELDS: readonly (keyof EquipmentDraft)[] = [
  'name',
  'status',
  'manufacturer',
  'model',
  'serialNumber',
  'department',
  'location',
  'installationDate',
  'category',
];
export const REQUIRED_EQUIPMENT_MESSAGE = 'Please fill in all required fields';

/**
 * The body of `POST /equipment` for a draft, the optional warranty and UDI sent as null when
 * empty; null while no status is chosen.
 */
export function equipmentRequest(draft: EquipmentDraft): CreateEquipmentRequest | null {
  const { status } = draft;
  if (status === '') return null;
  const udi = draft.udi.trim();
  return { ...draft, status, warrantyExpiry: draft.warrantyExpiry || null, udi: udi || null };
}

/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown above the form. */
const FORM_ISSUE = 'root';

/**
 * The Add Equipment form's rules, in the order a person fixes them: the required fields ('Required.'
 * under each, 'Please fill in all required fields' above the form); then a UDI that does not read
 * ('The UDI cannot be read: …'), or whose serial (21) is not the serial number (said on the serial
 * number and above the form); then the contract's own schema, each message under its field.
 */
export function equipmentDraftSchema() {
  return z.custom<EquipmentDraft>().superRefine((draft, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const empty = REQUIRED_EQUIPMENT_FIELDS.filter((field) => !draft[field].trim());
    if (empty.length > 0) {
      for (const field of empty) issue(field, 'Required.');
      return issue(FORM_ISSUE, REQUIRED_EQUIPMENT_MESSAGE);
    }
    const udi = draft.udi.trim();
    const reading = udi ? readUdi(udi) : null;
    if (reading && !reading.ok) {
      issue('udi', reading.message);
      return issue(FORM_ISSUE, `The UDI cannot be read: ${reading.message}`);
    }
    const refusal = udiSerialRefusal(udi || null, draft.serialNumber.trim() || undefined);
    if (refusal) {
      issue('serialNumber', refusal);
      return issue(FORM_ISSUE, refusal);
    }
    const body = equipmentRequest(draft);
    if (!body) return issue('status', 'Required.');
    const checked = createEquipmentSchema.safeParse(body);
    if (checked.success) return;
    const named = new Set<string>();
    for (const { path, message } of checked.error.issues) {
      const field = path.length > 0 ? String(path[0]) : FORM_ISSUE;
      if (named.has(field)) continue;
      named.add(field);
      issue(field, message);
    }
  });
}
