import {
  addServiceContractSchema,
  daysBetween,
  type AddServiceContractRequest,
  type ContractKind,
  type Renewal,
  type ServiceContract,
  type ServiceContractSummary,
  type UpdateServiceContractRequest,
} from '@caliber/contracts';
import { z } from 'zod';
import type { VendorChoice } from '../hooks/vendor-search';

/*
 * The service contract form's values and sentences, without the DOM: what the person typed (as
 * react-hook-form holds it), the body it sends, the form's rules (the contract's, in the form's
 * words), and how a contract's cover and renewal read in the list.
 */

/** A device the contract names, as the form shows its chip and the contract page its link. */
export interface DeviceChoice {
  id: string;
  name: string;
  serialNumber: string;
}

export interface ModelRow {
  manufacturer: string;
  model: string;
}

/** The form as typed: figures are text ('' for none) until they are sent. */
export interface ContractDraft {
  vendor: VendorChoice | null;
  reference: string;
  kind: ContractKind;
  startsOn: string;
  endsOn: string;
  annualCost: string;
  responseHours: string;
  pmIncluded: boolean;
  devices: DeviceChoice[];
  models: ModelRow[];
  /** A department's list entry id, '' for none. */
  departmentId: string;
  notes: string;
}

export const EMPTY_CONTRACT_DRAFT: ContractDraft = {
  vendor: null,
  reference: '',
  kind: 'full-service',
  startsOn: '',
  endsOn: '',
  annualCost: '',
  responseHours: '',
  pmIncluded: true,
  devices: [],
  models: [],
  departmentId: '',
  notes: '',
};

/** A recorded contract as the form starts from it for an edit. */
export function draftOf(contract: ServiceContract): ContractDraft {
  return {
    vendor: { id: contract.vendorId, name: contract.vendorName },
    reference: contract.reference,
    kind: contract.kind,
    startsOn: contract.startsOn,
    endsOn: contract.endsOn,
    annualCost: String(contract.annualCost),
    responseHours: contract.responseHours === null ? '' : String(contract.responseHours),
    pmIncluded: contract.pmIncluded,
    devices: contract.devices.map(({ id, name, serialNumber }) => ({ id, name, serialNumber })),
    models: contract.models.map(({ manufacturer, model }) => ({ manufacturer, model })),
    departmentId: contract.departmentId ?? '',
    notes: contract.notes ?? '',
  };
}

/**
 * A typed figure: null when blank, NaN when it is not plain digits with an optional decimal part
 * (so '1,000' or '12h' is refused as not a number rather than read as something else).
 */
function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A model row left wholly blank is a row added and not used: it is not sent. */
const usedRow = (row: ModelRow) => row.manufacturer.trim() !== '' || row.model.trim() !== '';

/**
 * The body of a new contract as typed, tidied: texts trimmed, blank model rows and an empty
 * response time or notes left out (null), figures as numbers. The service drops repeated devices
 * and models itself.
 */
export function contractBodyOf(draft: ContractDraft): AddServiceContractRequest {
  return {
    vendorId: draft.vendor?.id ?? '',
    reference: draft.reference.trim(),
    kind: draft.kind,
    startsOn: draft.startsOn.trim(),
    endsOn: draft.endsOn.trim(),
    // A blank cost is refused by the form before anything is sent (`contractDraftSchema`).
    annualCost: typedNumber(draft.annualCost) ?? Number.NaN,
    responseHours: typedNumber(draft.responseHours),
    pmIncluded: draft.pmIncluded,
    equipmentIds: draft.devices.map((device) => device.id),
    models: draft.models
      .filter(usedRow)
      .map((row) => ({ manufacturer: row.manufacturer.trim(), model: row.model.trim() })),
    departmentId: draft.departmentId || null,
    notes: draft.notes.trim() || null,
  };
}

/** The whole contract as the form holds it, with the version the form started from. */
export function contractUpdateOf(draft: ContractDraft, version: number): UpdateServiceContractRequest {
  return { ...contractBodyOf(draft), version };
}

/** The body's fields named by the form's fields (the rest are the same). */
const FORM_FIELDS: Readonly<Record<string, keyof ContractDraft>> = {
  vendorId: 'vendor',
  equipmentIds: 'devices',
};

/** The contract's messages that name a body field, as the form says them. */
const FORM_WORDS: Readonly<Record<string, string>> = {
  vendorId: 'Choose the vendor.',
  kind: 'Choose the kind of contract.',
  departmentId: 'Choose a department of the list.',
};

/**
 * The form's rules are the contract's (a term of a day to ten years, a cost of at most two
 * decimals, something covered), checked on the body as it would be sent, each refusal under the
 * field it is about (a model's under its own row), the first one for each field only. A blank
 * cost is said as missing rather than as not a number. What only the service knows (a vendor or
 * department retired meanwhile, a number the vendor has used already) shows above Save.
 */
export const contractDraftSchema = z.custom<ContractDraft>().superRefine((draft, context) => {
  const seen = new Set<string>();
  if (draft.annualCost.trim() === '') {
    seen.add('annualCost');
    context.addIssue({ code: 'custom', path: ['annualCost'], message: 'Annual cost is required.' });
  }
  const body = contractBodyOf(draft);
  // The contract checks the cover only once every field is right: said at once, it is not a surprise
  // left for the last save.
  if (!body.equipmentIds?.length && !body.models?.length && !body.departmentId) {
    seen.add('devices');
    context.addIssue({
      code: 'custom',
      path: ['devices'],
      message: 'Name what the contract covers: devices, models or a department.',
    });
  }
  const checked = addServiceContractSchema.safeParse(body);
  if (checked.success) return;
  // The rows sent are the used ones: a message about the n-th sent row belongs to its row on the form.
  const rowOf = draft.models.flatMap((row, index) => (usedRow(row) ? [index] : []));
  for (const { path, message } of checked.error.issues) {
    const sent = String(path[0] ?? 'root');
    const field = FORM_FIELDS[sent] ?? sent;
    const at =
      field === 'models' && typeof path[1] === 'number'
        ? ['models', rowOf[path[1]] ?? 0, String(path[2] ?? 'model')]
        : [field];
    const key = at.join('.');
    if (seen.has(field) || seen.has(key)) continue;
    seen.add(key);
    context.addIssue({ code: 'custom', path: at, message: FORM_WORDS[sent] ?? message });
  }
});

/** "3 devices", "1 model": a count and its noun. */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** What a contract covers, in words: "3 devices · 2 models · Radiology Department". */
export function coverLine(
  contract: Pick<ServiceContractSummary, 'models' | 'departmentName'> & {
    deviceCount: number;
  },
): string {
  const parts = [
    contract.deviceCount ? counted(contract.deviceCount, 'device') : null,
    contract.models.length ? counted(contract.models.length, 'model') : null,
    contract.departmentName,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Nothing named';
}

/** "Philips HeartStart XL+": a model as its manufacturer and name. */
export function modelName(row: ModelRow): string {
  return `${row.manufacturer} ${row.model}`;
}

/** Today's date (YYYY-MM-DD) where the reader is. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** "ends today", "ends tomorrow", "ends in 12 days". */
function endsIn(days: number): string {
  if (days <= 0) return 'ends today';
  return days === 1 ? 'ends tomorrow' : `ends in ${days} days`;
}

export type RenewalTone = 'red' | 'yellow' | 'grey' | 'blue';

/**
 * The badge a contract wears, if any: due for renewal within 30 days (red) or 90 (amber), with
 * the days left; ended (grey); or not started yet (blue). The service says which notice is due by
 * the hospital's date; the days are counted from the reader's (a day apart at most, near midnight).
 */
export function renewalBadge(
  contract: { renewal: Renewal; startsOn: string; endsOn: string },
  today: string,
): { tone: RenewalTone; text: string } | null {
  // A contract not started is not yet due for renewal, however short its term.
  if (contract.startsOn > today) return { tone: 'blue', text: 'Not started' };
  if (contract.renewal === 'ended') return { tone: 'grey', text: 'Ended' };
  if (contract.renewal === 'due-30' || contract.renewal === 'due-90')
    return {
      tone: contract.renewal === 'due-30' ? 'red' : 'yellow',
      text: `Renewal due: ${endsIn(daysBetween(today, contract.endsOn))}`,
    };
  return null;
}

/** "within 8 hours", "within 1 hour", or that the contract sets no response time. */
export function responseLine(hours: number | null): string {
  if (hours === null) return 'Not set';
  return `within ${counted(hours, 'hour')}`;
}
