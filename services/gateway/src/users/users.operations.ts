import {
  assigneeListResponseSchema,
  assigneeQuerySchema,
  createUserSchema,
  listUsersQuerySchema,
  removedRecordSchema,
  OUTGOING_FILE_TYPES,
  rosterImportPreviewSchema,
  rosterImportQuerySchema,
  rosterImportResultSchema,
  SUBJECTS,
  taskUsersResponseSchema,
  updateUserSchema,
  userDtoSchema,
  userListResponseSchema,
} from '@caliber/contracts';
import { ENGINEERS, operation, STAFF, SUPERVISORS, type ApiOperation } from '../api/operation';
import { COMMON_REFUSALS } from '../api/refusals';

/**
 * What a roster file may be refused for: its size and rows, the memory and time its reading takes,
 * and the limits of the gateway's uploads and of identity's file workers.
 */
const ROSTER_FILE_LIMITS = {
  400: 'Invalid query (`fileName` must end in .xlsx or .csv); or the file is empty, cannot be read as its type, lacks a required column, or has a row past row 2,501; `message` says which.',
  413: 'The file is larger than 2 MB; or it is too large to read: a workbook that unpacks to more than 16 MB (refused from its ZIP directory, before anything is inflated), or a file that needs more than 64 MB of memory or 20 s to read.',
  429: 'You are sending two files already, or your previous roster file is still being read: wait for its answer (`Retry-After`).',
  503: 'The server is receiving as many files as it takes at once, or the identity service is reading or writing ten roster files already or not answering; try again (`Retry-After`).',
} as const;

/** The body of an import: the roster file itself. */
const ROSTER_FILE_BODY = {
  description:
    'The roster file (XLSX or CSV), its bytes as the body (any Content-Type), streamed; at most 2 MB.',
};

/**
 * The staff roster (identity keeps it): Engineers and Admins manage it, Managers read it, and
 * everyone signed in reads the assignee lists of the task forms. Identity enforces the roster's
 * rules by role (who may grant Admin, the last active Admin) on every call.
 */
export const USERS_OPERATIONS = {
  listUsers: operation({
    operationId: 'listUsers',
    method: 'get',
    path: '/api/users',
    tag: 'Staff',
    summary: 'The staff roster (Engineers, Admins and Managers)',
    description:
      '`q` searches name, service number, e-mail and phone; `role`, `department`, `active` (true or false) filter; 12 a page by default. Answers `{users, data, total, page, pages, limit}` (`data` repeats `users`).',
    callers: SUPERVISORS,
    query: listUsersQuerySchema,
    answer: {
      status: 200,
      description: '`{users, data, total, page, pages, limit}`',
      schema: userListResponseSchema,
    },
    forward: { subject: SUBJECTS.identity.listUsers },
  }),
  exportUsers: operation({
    operationId: 'exportUsers',
    method: 'get',
    path: '/api/users/export',
    tag: 'Staff',
    summary: 'The roster as an XLSX file (Engineers, Admins and Managers)',
    description:
      'Every person, in the columns an import reads (Service Number, Full Name, Email, Phone, Role, Department, Active, May Receive Tasks), so an export is also a template. `roster-YYYY-MM-DD.xlsx`. The identity service writes it in its own file workers; the gateway streams it.',
    callers: SUPERVISORS,
    answer: {
      status: 200,
      description: 'The workbook.',
      file: [OUTGOING_FILE_TYPES.xlsx],
    },
    refusals: {
      429: 'Your previous roster export is still being written: wait for it to download (`Retry-After`).',
      503: 'The identity service is reading or writing ten roster files already, or not answering; try again (`Retry-After`).',
    },
  }),
  previewRosterImport: operation({
    operationId: 'previewRosterImport',
    method: 'post',
    path: '/api/users/import/preview',
    tag: 'Staff',
    summary: 'What importing a roster file would do, row by row (Engineers and Admins)',
    description:
      'The body is the file (XLSX or CSV, at most 2 MB and 2,500 people, on rows 2 to 2,501; the first row names the columns), its name in the query. The identity service reads it in its own file workers and checks each row as Add User checks a person, against the rest of the file and against the roster: add, change (an existing service number), unchanged, or refused with every reason (missing service number, bad phone, unknown department, duplicate within the file, an e-mail of someone else, a roster rule). Nothing is written.',
    callers: ENGINEERS,
    query: rosterImportQuerySchema,
    fileBody: ROSTER_FILE_BODY,
    answer: { status: 200, description: '`{rows, summary}`', schema: rosterImportPreviewSchema },
    refusals: ROSTER_FILE_LIMITS,
  }),
  importRoster: operation({
    operationId: 'importRoster',
    method: 'post',
    path: '/api/users/import',
    tag: 'Staff',
    summary: 'Import a roster file (Engineers and Admins)',
    description:
      'The same file again (the body, its name in the query): its rows are checked again and every valid row written in one transaction, each audited (`imported`, with its line); refused rows are left out. Answers the rows, the summary and `applied {added, changed}`.',
    callers: ENGINEERS,
    query: rosterImportQuerySchema,
    fileBody: ROSTER_FILE_BODY,
    answer: { status: 200, description: '`{rows, summary, applied}`', schema: rosterImportResultSchema },
    refusals: ROSTER_FILE_LIMITS,
  }),
  getUser: operation({
    operationId: 'getUser',
    method: 'get',
    path: '/api/users/{id}',
    tag: 'Staff',
    summary: 'One person on the roster (Engineers, Admins and Managers)',
    description: 'The person as every call answers them.',
    callers: SUPERVISORS,
    answer: { status: 200, description: 'The person.', schema: userDtoSchema },
    refusals: { 404: 'Not on the roster.' },
    forward: { subject: SUBJECTS.identity.getUser },
  }),
  createUser: operation({
    operationId: 'createUser',
    method: 'post',
    path: '/api/users',
    tag: 'Staff',
    summary: 'Add a person to the roster (Engineers and Admins)',
    description:
      'Service number and phone are required: sign-in is by a code sent to that phone. The phone is stored in E.164 (a number without its country code is read as `PHONE_DEFAULT_COUNTRY`). Service numbers and e-mail addresses are unique whatever their case. Only an Admin adds an Admin.',
    callers: ENGINEERS,
    body: createUserSchema,
    answer: { status: 201, description: 'The person.', schema: userDtoSchema },
    refusals: {
      403: 'Not an Engineer or Admin, or the Admin role by a non-Admin.',
      409: 'Service number or e-mail already on the roster.',
    },
    forward: { subject: SUBJECTS.identity.createUser },
  }),
  updateUser: operation({
    operationId: 'updateUser',
    method: 'put',
    path: '/api/users/{id}',
    tag: 'Staff',
    summary: 'Change a person on the roster (Engineers and Admins)',
    description:
      'Nobody changes their own role or deactivates themselves; only an Admin grants or removes the Admin role or changes an Admin; the last active Admin is never demoted or deactivated. Deactivating someone or changing their role ends their sessions at once. Send `version` to refuse overwriting a newer change.',
    callers: ENGINEERS,
    body: updateUserSchema,
    answer: { status: 200, description: 'The person.', schema: userDtoSchema },
    refusals: {
      403: 'Not an Engineer or Admin, or a rule of the roster forbids it (the message says which).',
      404: 'Not on the roster.',
      409: 'The last active Admin, a taken service number or e-mail, or changed since `version`.',
    },
    forward: { subject: SUBJECTS.identity.updateUser },
  }),
  deleteUser: operation({
    operationId: 'deleteUser',
    method: 'delete',
    path: '/api/users/{id}',
    tag: 'Staff',
    summary: 'Remove a person from the roster for good (Engineers and Admins)',
    description:
      'They leave the roster and sign-in, and their sessions end at once; their name stays on the work they did (tasks, certifications, audit records). Nobody deletes themselves; only an Admin deletes an Admin; the last active Admin stays.',
    callers: ENGINEERS,
    answer: { status: 200, description: '`{_id}`', schema: removedRecordSchema },
    refusals: {
      403: 'Not an Engineer or Admin, or a rule of the roster forbids it.',
      404: 'Not on the roster.',
      409: 'The last active Admin.',
    },
    forward: { subject: SUBJECTS.identity.deleteUser },
  }),
  listAssignees: operation({
    operationId: 'listAssignees',
    method: 'get',
    path: '/api/users/preapproved/technicians',
    tag: 'Tasks',
    summary: 'Who may receive tasks, for the assignee selects',
    description:
      '`approved=true` (default): active people approved to receive tasks; `approved=any`: every active person (the technician filter). By name, at most `limit` (200). Answers `{technicians}`.',
    callers: STAFF,
    query: assigneeQuerySchema,
    answer: {
      status: 200,
      description: '`{technicians: [{_id, name, role, serviceNumber}]}`',
      schema: assigneeListResponseSchema,
    },
    // Identity reads the query itself, not wrapped in `{query}`.
    forward: { subject: SUBJECTS.identity.assignees, message: ({ query }) => query },
  }),
  listTaskUsers: operation({
    operationId: 'listTaskUsers',
    method: 'get',
    path: '/api/auth/users',
    tag: 'Tasks',
    summary: "The Create Task form's Assign To list",
    description: 'The people approved to receive tasks, as `{users}`.',
    callers: STAFF,
    answer: {
      status: 200,
      description: '`{users: [{_id, name, role, serviceNumber}]}`',
      schema: taskUsersResponseSchema,
    },
    refusals: { 503: COMMON_REFUSALS[503] },
  }),
} as const satisfies Record<string, ApiOperation>;
