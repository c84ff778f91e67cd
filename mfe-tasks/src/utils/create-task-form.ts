import {
  ASSIGN_MODAL_DEFAULT_PRIORITY,
  CREATE_TASK_DEFAULT_PRIORITY,
  createTaskSchema,
  type PmType,
  type TaskPriority,
} from '@caliber/contracts';
import { anyOf, fieldIssues, MARKED_ONLY, markedOnly, type DraftVerdict } from './form-issues';

/** A chosen device, as the task forms hold it. */
interface Device {
  _id: string;
  name: string;
  serialNumber: string;
  location?: string;
}

/** A new task is Pending, or In Progress when it is assigned and the work has begun. */
export const NEW_TASK_STATUSES = ['Pending', 'In Progress'] as const;
export type NewTaskStatus = (typeof NEW_TASK_STATUSES)[number];

/** The Create Task form as typed. */
export interface CreateDraft {
  title: string;
  description: string;
  priority: TaskPriority;
  dueDate: string;
  equipment: Device | null;
  assignedTo: string;
  status: NewTaskStatus;
}

export const EMPTY_CREATE_DRAFT: CreateDraft = {
  title: '',
  description: '',
  priority: CREATE_TASK_DEFAULT_PRIORITY,
  dueDate: '',
  equipment: null,
  assignedTo: '',
  status: 'Pending',
};

export const CREATE_REQUIRED_MESSAGE = 'Please provide title, priority, and equipment';
const CREATE_REQUIRED = ['title', 'description', 'priority', 'equipment'];

/** The contract's field names as the forms name them (the picker holds the device, not its id). */
function formIssues(error: Parameters<typeof fieldIssues>[0]): Map<string, string> {
  const found = new Map<string, string>();
  for (const [field, message] of fieldIssues(error))
    found.set(field === 'equipmentId' ? 'equipment' : field, message);
  return found;
}

function createFields(draft: CreateDraft) {
  return {
    title: draft.title,
    description: draft.description,
    priority: draft.priority,
    dueDate: draft.dueDate,
    equipmentId: draft.equipment?._id ?? '',
    assignedTo: draft.assignedTo,
    status: draft.status,
  };
}

/**
 * What keeps the Create Task form from being sent: the contract's refusals, and a description,
 * which this form asks for though the API lets the Assign Task modal leave it empty. A missing
 * required field is marked and the line above says 'Please provide title, priority, and
 * equipment'; another refusal (a date the contract cannot read) shows under its field.
 */
export function judgeCreateDraft(draft: CreateDraft): DraftVerdict | null {
  const result = createTaskSchema.safeParse(createFields(draft));
  const found = formIssues(result.error);
  if (!draft.description.trim()) found.set('description', 'Description is required.');
  if (result.success && found.size === 0) return null;
  if (!anyOf(found, CREATE_REQUIRED)) return { fields: found, message: found.values().next().value ?? null };
  // The line above names the missing fields: they are only marked. A date the contract cannot
  // read, or an assignee it refuses, still says why under its field.
  const fields = new Map(found);
  for (const field of CREATE_REQUIRED) if (fields.has(field)) fields.set(field, MARKED_ONLY);
  return { fields, message: CREATE_REQUIRED_MESSAGE };
}

/** The body of `POST /tasks` for a draft the form accepted. */
export function createBody(draft: CreateDraft) {
  return createTaskSchema.parse(createFields(draft));
}

/** The Assign Task modal as typed; '' is "not chosen yet". */
export interface AssignDraft {
  title: string;
  description: string;
  taskType: string;
  pmType: PmType | '';
  pmInterval: string;
  priority: TaskPriority;
  equipment: Device | null;
  assignedTo: string;
  dueDate: string;
}

export const EMPTY_ASSIGN_DRAFT: AssignDraft = {
  title: '',
  description: '',
  taskType: '',
  pmType: '',
  pmInterval: '',
  priority: ASSIGN_MODAL_DEFAULT_PRIORITY,
  equipment: null,
  assignedTo: '',
  dueDate: '',
};

export const ASSIGN_REQUIRED_MESSAGE = 'Please fill in Title, Task Type, Equipment and Due Date';
export const PREVENTIVE_MESSAGE = 'For Preventive tasks, select PM Type and Periodic Interval.';
const ASSIGN_REQUIRED = ['title', 'taskType', 'equipment', 'dueDate'];
const PREVENTIVE_FIELDS = ['pmType', 'pmInterval'];

function assignFields(draft: AssignDraft) {
  const preventive = draft.taskType === 'Preventive';
  return {
    title: draft.title,
    description: draft.description,
    taskType: draft.taskType,
    pmType: preventive ? draft.pmType : '',
    pmInterval: preventive ? draft.pmInterval : '',
    priority: draft.priority,
    equipmentId: draft.equipment?._id ?? '',
    assignedTo: draft.assignedTo,
    dueDate: draft.dueDate,
  };
}

/**
 * What keeps the Assign Task modal from being sent: the contract's refusals, a due date (the
 * modal wants one), and for a Preventive task its PM type and interval. The line above names what
 * is missing; then only a refusal it does not name (a title too long) shows under its field.
 */
export function judgeAssignDraft(draft: AssignDraft): DraftVerdict | null {
  const result = createTaskSchema.safeParse(assignFields(draft));
  const found = formIssues(result.error);
  if (!draft.dueDate.trim()) found.set('dueDate', 'Due date is required.');
  if (draft.taskType === 'Preventive' && found.has('pmType')) {
    if (!draft.pmType) found.set('pmType', PREVENTIVE_MESSAGE);
    if (!draft.pmInterval) found.set('pmInterval', PREVENTIVE_MESSAGE);
  }
  if (result.success && found.size === 0) return null;
  const message = anyOf(found, ASSIGN_REQUIRED)
    ? ASSIGN_REQUIRED_MESSAGE
    : anyOf(found, PREVENTIVE_FIELDS)
      ? PREVENTIVE_MESSAGE
      : (found.values().next().value ?? ASSIGN_REQUIRED_MESSAGE);
  // Under the fields: only what the line above does not say.
  const quiet = message === ASSIGN_REQUIRED_MESSAGE || message === PREVENTIVE_MESSAGE;
  return { fields: quiet ? markedOnly(found) : found, message };
}

/** The body of `POST /tasks` for an accepted Assign Task draft. */
export function assignBody(draft: AssignDraft) {
  return createTaskSchema.parse(assignFields(draft));
}
