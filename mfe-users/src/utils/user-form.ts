import {
  createUserSchema,
  DEFAULT_ROLE,
  DEFAULT_USER_DEPARTMENT,
  updateUserSchema,
  type CreateUserRequest,
  type Role,
  type UpdateUserRequest,
  type UserDto,
} from '@caliber/contracts';
import { z } from 'zod';

/** What the Add User and Edit User forms hold while someone types. */
export interface UserDraft {
  serviceNumber: string;
  name: string;
  email: string;
  phoneNumber: string;
  role: Role;
  department: string;
  isActive: boolean;
  preApproved: boolean;
}

export type DraftField = keyof UserDraft;

/** The form's fields in the order they appear, to move focus to the first one to fix. */
export const FIELD_ORDER: readonly DraftField[] = [
  'name',
  'serviceNumber',
  'email',
  'phoneNumber',
  'role',
  'department',
  'isActive',
  'preApproved',
];

/**
 * The fields without which nobody can be rostered: a name, the service number they sign in with,
 * and the phone their one-time code goes to. E-mail is optional in this product (many technicians
 * have none); the contract says so too.
 */
export const REQUIRED_FIELDS: readonly DraftField[] = ['name', 'serviceNumber', 'phoneNumber'];
export const REQUIRED_MESSAGE = 'Please fill name, service number and phone.';

/**
 * Whether a new person of this role may receive tasks unless the form says otherwise: a Technician,
 * who does the work. An Engineer or Admin receives tasks only when someone says so; a Manager never
 * does (the task screens do not assign Managers).
 */
export function receivesTasksByDefault(role: Role): boolean {
  return role === 'Technician';
}

/** Managers read tasks and do not work them: the flag does not apply to them. */
export function mayReceiveTasks(role: Role): boolean {
  return role !== 'Manager';
}

export function emptyDraft(): UserDraft {
  return {
    serviceNumber: '',
    name: '',
    email: '',
    phoneNumber: '',
    role: DEFAULT_ROLE,
    department: DEFAULT_USER_DEPARTMENT,
    isActive: true,
    preApproved: receivesTasksByDefault(DEFAULT_ROLE),
  };
}

/**
 * The draft after one field changes. "May receive tasks" follows the role while a person is being
 * added and nobody has touched the toggle (`followRole`): on for a Technician, off otherwise. A
 * Manager never receives tasks, so choosing Manager turns it off, when editing too. Once touched,
 * or when editing someone, it is left as it is.
 */
export function draftAfterChange<K extends DraftField>(
  draft: UserDraft,
  field: K,
  value: UserDraft[K],
  followRole: boolean,
): UserDraft {
  const next = { ...draft, [field]: value };
  if (field !== 'role') return next;
  if (!mayReceiveTasks(next.role)) return { ...next, preApproved: false };
  return followRole ? { ...next, preApproved: receivesTasksByDefault(next.role) } : next;
}

export function draftOf(user: UserDto): UserDraft {
  return {
    serviceNumber: user.serviceNumber,
    name: user.name,
    email: user.email ?? '',
    phoneNumber: user.phoneNumber,
    role: user.role,
    department: user.department,
    isActive: user.isActive,
    preApproved: user.preApproved,
  };
}

/** The required fields left empty, in form order. */
export function missingFields(draft: UserDraft): DraftField[] {
  return FIELD_ORDER.filter((field) => REQUIRED_FIELDS.includes(field) && String(draft[field]).trim() === '');
}

export interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The contract's refusal by field: the first message for each; issues about the whole body under ''. */
export function fieldIssues(error: IssueList | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  for (const issue of error?.issues ?? []) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (!fields.has(field)) fields.set(field, issue.message);
  }
  return fields;
}

export type FormCheck<T> =
  { ok: true; body: T } | { ok: false; message: string | null; issues: Map<string, string> };

/** The body of `POST /users` for a draft, or why the form cannot send it yet. */
export function createRequest(draft: UserDraft): FormCheck<CreateUserRequest> {
  const missing = missingFields(draft);
  if (missing.length > 0)
    return {
      ok: false,
      message: REQUIRED_MESSAGE,
      issues: new Map(missing.map((field) => [field, 'Required.'])),
    };
  const body: CreateUserRequest = {
    serviceNumber: draft.serviceNumber,
    name: draft.name,
    email: draft.email.trim() || null,
    phoneNumber: draft.phoneNumber,
    role: draft.role,
    department: draft.department,
    isActive: draft.isActive,
    preApproved: draft.preApproved,
  };
  const result = createUserSchema.safeParse(body);
  // The unparsed body goes to the server: it normalises (upper-case service number, E.164 phone) itself.
  return result.success
    ? { ok: true, body }
    : { ok: false, message: null, issues: fieldIssues(result.error) };
}

/**
 * The body of `PUT /users/{id}`: only the fields that changed, so an edit never re-sends (and
 * never trips a rule on) a field the person did not touch. Null when nothing changed.
 */
export function updateRequest(user: UserDto, draft: UserDraft): FormCheck<UpdateUserRequest> | null {
  const missing = missingFields(draft);
  if (missing.length > 0)
    return {
      ok: false,
      message: REQUIRED_MESSAGE,
      issues: new Map(missing.map((field) => [field, 'Required.'])),
    };
  const before = draftOf(user);
  const body: UpdateUserRequest = {};
  if (draft.serviceNumber.trim() !== before.serviceNumber) body.serviceNumber = draft.serviceNumber;
  if (draft.name.trim() !== before.name) body.name = draft.name;
  if (draft.email.trim() !== before.email) body.email = draft.email.trim() || null;
  if (draft.phoneNumber.trim() !== before.phoneNumber) body.phoneNumber = draft.phoneNumber;
  if (draft.role !== before.role) body.role = draft.role;
  if (draft.department !== before.department) body.department = draft.department;
  if (draft.isActive !== before.isActive) body.isActive = draft.isActive;
  if (draft.preApproved !== before.preApproved) body.preApproved = draft.preApproved;
  if (Object.keys(body).length === 0) return null;
  const result = updateUserSchema.safeParse(body);
  return result.success
    ? { ok: true, body }
    : { ok: false, message: null, issues: fieldIssues(result.error) };
}

/** The delete confirmation: the spec's sentence, then what deleting does and does not undo. */
export function deleteConfirmation(name: string): [string, string] {
  return [
    `This will permanently remove "${name}".`,
    'They leave the staff roster and can no longer sign in, but their name stays on the work they did: tasks, certifications and audit records.',
  ];
}

/**
 * The Add User and Edit User forms' schema: the required fields ('Required.' under each, and
 * 'Please fill name, service number and phone.' above the form), then the contract's own schema
 * (`createUserSchema`, or `updateUserSchema` on what changed) with its messages under its fields.
 * The same checks as `createRequest` and `updateRequest`, which build the body sent.
 */
/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown above the form. */
const FORM_ISSUE = 'root';

export function userDraftSchema(editing: UserDto | null) {
  return z.custom<UserDraft>().superRefine((draft, context) => {
    const check = editing ? updateRequest(editing, draft) : createRequest(draft);
    if (check === null || check.ok) return;
    for (const [field, message] of check.issues)
      context.addIssue({ code: 'custom', path: [field || FORM_ISSUE], message });
    if (check.message) context.addIssue({ code: 'custom', path: [FORM_ISSUE], message: check.message });
  });
}
