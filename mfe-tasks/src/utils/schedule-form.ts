import {
  createPmPlanSchema,
  INTERVAL_OF_SCHEDULE_FREQUENCY,
  MAINTENANCE_MODAL_DEFAULT_INTERVAL,
  SCHEDULE_PAGE_DEFAULT_PRIORITY,
  SCHEDULE_PAGE_FREQUENCIES,
  type NewPmPlan,
  type PmInterval,
  type PmType,
  type ScheduleBasis,
  type ScheduleFrequency,
  type SchedulePriority,
  type TaskPriority,
} from '@caliber/contracts';
import { fieldIssues, markedOnly } from './form-issues';

/** The schedule basis every new plan starts with. */
export const DEFAULT_SCHEDULE_BASIS: ScheduleBasis = 'Manufacturer recommendation';
export const ALTERNATIVE_SCHEDULE: ScheduleBasis = 'Alternative maintenance schedule';

/** What both schedule forms ask about why this schedule. */
export interface BasisDraft {
  scheduleBasis: ScheduleBasis;
  justification: string;
}

/** The Maintenance page's Schedule Preventive modal as typed; '' is "not chosen yet". */
export interface ModalDraft extends BasisDraft {
  title: string;
  description: string;
  equipmentId: string;
  pmType: PmType | '';
  interval: PmInterval | '';
  dueDate: string;
  assignedTo: string;
  priority: TaskPriority;
  estimatedHours: string;
}

export const EMPTY_MODAL_DRAFT: ModalDraft = {
  title: '',
  description: '',
  equipmentId: '',
  pmType: '',
  interval: MAINTENANCE_MODAL_DEFAULT_INTERVAL,
  dueDate: '',
  assignedTo: '',
  priority: 'Medium',
  estimatedHours: '',
  scheduleBasis: DEFAULT_SCHEDULE_BASIS,
  justification: '',
};

/** The `/schedule-preventive` page as typed, named as the spec's schedule request names them. */
export interface PageDraft extends BasisDraft {
  equipmentId: string;
  title: string;
  description: string;
  scheduledDate: string;
  frequency: ScheduleFrequency | '';
  duration: string;
  assignedTo: string;
  priority: SchedulePriority;
  pmType: PmType | '';
}

export const EMPTY_PAGE_DRAFT: PageDraft = {
  equipmentId: '',
  title: '',
  description: '',
  scheduledDate: '',
  frequency: '',
  duration: '',
  assignedTo: '',
  priority: SCHEDULE_PAGE_DEFAULT_PRIORITY,
  pmType: '',
  scheduleBasis: DEFAULT_SCHEDULE_BASIS,
  justification: '',
};

export const SCHEDULE_FREQUENCY_OPTIONS = SCHEDULE_PAGE_FREQUENCIES;

/** The modal's message when a required field is empty (the spec's words). */
export const MODAL_REQUIRED_MESSAGE = 'Please complete all required fields.';
export const JUSTIFICATION_REQUIRED = 'An alternative maintenance schedule needs its justification.';

export type ScheduleCheck =
  | { ok: true; body: NewPmPlan }
  | {
      ok: false;
      /** Each field's problem, by the form's field name. */
      issues: Map<string, string>;
      /** Whether a required field is empty (the modal then says so in one line). */
      missingRequired: boolean;
    };

/** Hours as typed: empty is "not given"; anything else is sent as a number for the contract to judge. */
function hoursOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * Checks a body against the contract (the server's own schema), after the form's own required
 * fields, and answers the body as the contract reads it (trimmed, defaults filled in). `names` renames the contract's fields to the form's; `required` lists, in the form's
 * names, each required field with whether it is empty and what to say.
 */
function check(
  body: Record<string, unknown>,
  required: readonly (readonly [field: string, empty: boolean, message: string])[],
  names: Readonly<Record<string, string>> = {},
): ScheduleCheck {
  const issues = new Map<string, string>();
  for (const [field, empty, message] of required) if (empty) issues.set(field, message);
  const missingRequired = issues.size > 0;
  const result = createPmPlanSchema.safeParse(body);
  for (const [field, message] of fieldIssues(result.error)) {
    const name = names[field] ?? field;
    if (!issues.has(name)) issues.set(name, message);
  }
  if (result.success && issues.size === 0) return { ok: true, body: result.data };
  return { ok: false, issues, missingRequired };
}

const needsJustification = (draft: BasisDraft) =>
  draft.scheduleBasis === ALTERNATIVE_SCHEDULE && draft.justification.trim() === '';

/**
 * The modal's body, or why it cannot be sent. Required: title, equipment, due date, PM type and
 * interval, and the justification of an alternative schedule.
 */
export function checkModalDraft(draft: ModalDraft): ScheduleCheck {
  const body = {
    equipmentId: draft.equipmentId,
    title: draft.title,
    description: draft.description,
    pmType: draft.pmType,
    interval: draft.interval,
    estimatedHours: hoursOf(draft.estimatedHours),
    assignedTo: draft.assignedTo || null,
    priority: draft.priority,
    firstDueDate: draft.dueDate,
    scheduleBasis: draft.scheduleBasis,
    justification: draft.justification || null,
  };
  return check(
    body,
    [
      ['title', draft.title.trim() === '', 'Title is required.'],
      ['equipmentId', draft.equipmentId === '', 'Equipment is required.'],
      ['pmType', draft.pmType === '', 'PM type is required.'],
      ['interval', draft.interval === '', 'Interval is required.'],
      ['dueDate', draft.dueDate.trim() === '', 'Due date is required.'],
      ['justification', needsJustification(draft), JUSTIFICATION_REQUIRED],
    ],
    { firstDueDate: 'dueDate' },
  );
}

/**
 * The page's body, or why it cannot be sent: every field is required except duration and
 * assignee. The frequency becomes the plan's interval, the duration its estimated hours.
 */
export function checkPageDraft(draft: PageDraft): ScheduleCheck {
  const body = {
    equipmentId: draft.equipmentId,
    title: draft.title,
    description: draft.description,
    pmType: draft.pmType,
    interval: draft.frequency ? INTERVAL_OF_SCHEDULE_FREQUENCY[draft.frequency] : '',
    estimatedHours: hoursOf(draft.duration),
    assignedTo: draft.assignedTo || null,
    priority: draft.priority,
    firstDueDate: draft.scheduledDate,
    scheduleBasis: draft.scheduleBasis,
    justification: draft.justification || null,
  };
  return check(
    body,
    [
      ['equipmentId', draft.equipmentId === '', 'Equipment is required.'],
      ['title', draft.title.trim() === '', 'Title is required.'],
      ['description', draft.description.trim() === '', 'Description is required.'],
      ['scheduledDate', draft.scheduledDate.trim() === '', 'The scheduled date is required.'],
      ['frequency', draft.frequency === '', 'Frequency is required.'],
      ['pmType', draft.pmType === '', 'PM type is required.'],
      ['justification', needsJustification(draft), JUSTIFICATION_REQUIRED],
    ],
    { firstDueDate: 'scheduledDate', interval: 'frequency', estimatedHours: 'duration' },
  );
}

/** A chosen device, as the schedule forms hold it. */
interface Device {
  _id: string;
  name: string;
  serialNumber: string;
  location?: string;
}

/** A schedule form as the person fills it: the device chosen in the picker instead of its id. */
export type WithDevice<D extends { equipmentId: string }> = Omit<D, 'equipmentId'> & {
  equipment: Device | null;
};

/** The draft a check reads: the chosen device's id. */
export function withDeviceId<D extends { equipmentId: string }>({ equipment, ...rest }: WithDevice<D>): D {
  // Every other field is the draft's own: only the device is swapped back for its id.
  return { ...rest, equipmentId: equipment?._id ?? '' } as unknown as D;
}

/** The form's own name for a field a check names (the picker holds `equipment`). */
function formField(field: string): string {
  return field === 'equipmentId' ? 'equipment' : field;
}

/**
 * The modal's refusal as the form shows it: a required field missing makes the one line above
 * ('Please complete all required fields.') and every refused field is only marked; otherwise the
 * first problem is the line above and each shows under its field.
 */
export function judgeModalDraft(
  draft: WithDevice<ModalDraft>,
): { fields: Map<string, string>; message: string | null } | null {
  const checked = checkModalDraft(withDeviceId(draft));
  if (checked.ok) return null;
  const fields = new Map([...checked.issues].map(([field, message]) => [formField(field), message]));
  if (checked.missingRequired) return { fields: markedOnly(fields), message: MODAL_REQUIRED_MESSAGE };
  return { fields, message: fields.values().next().value ?? MODAL_REQUIRED_MESSAGE };
}

/** The page's refusal as the form shows it: each problem under its field, nothing above. */
export function judgePageDraft(
  draft: WithDevice<PageDraft>,
): { fields: Map<string, string>; message: string | null } | null {
  const checked = checkPageDraft(withDeviceId(draft));
  if (checked.ok) return null;
  return {
    fields: new Map([...checked.issues].map(([field, message]) => [formField(field), message])),
    message: null,
  };
}

/** A schedule form's starting values: `draft` with `equipment` chosen in place of its id. */
export function withDevice<D extends { equipmentId: string }>(
  draft: D,
  equipment: Device | null,
): WithDevice<D> {
  const values: Partial<D> = { ...draft };
  delete values.equipmentId;
  return { ...(values as Omit<D, 'equipmentId'>), equipment };
}
