import {
  addListEntrySchema,
  hospitalListsDtoSchema,
  listEntryDtoSchema,
  SUBJECTS,
  updateListEntrySchema,
} from '@caliber/contracts';
import { ADMINS, operation, STAFF, type ApiOperation } from '../api/operation';

/**
 * The hospital lists (departments with their wards, equipment categories), kept by the equipment
 * service: everyone signed in reads them (forms, filters); only Admins change them.
 */
export const LISTS_OPERATIONS = {
  getHospitalLists: operation({
    operationId: 'getHospitalLists',
    method: 'get',
    path: '/api/lists',
    tag: 'Lists',
    summary: "The hospital's departments (with their wards) and equipment categories",
    description:
      'Every entry, retired ones too (`retired`), with the names it had (`formerNames`): forms offer the active entries, filters and records show every one. Answers `{departments: [{…, wards}], categories}`.',
    callers: STAFF,
    answer: { status: 200, description: 'The lists.', schema: hospitalListsDtoSchema },
    forward: { subject: SUBJECTS.equipment.lists },
  }),
  addListEntry: operation({
    operationId: 'addListEntry',
    method: 'post',
    path: '/api/lists',
    tag: 'Lists',
    summary: 'Add a department, a ward of a department, or a category (Admins)',
    description:
      'A name belongs to one entry of its list for good, whatever its case: one that another entry has or had is refused (409). Each list is bounded (300 departments, 1,000 wards, 150 categories).',
    callers: ADMINS,
    body: addListEntrySchema,
    answer: { status: 201, description: 'The new entry.', schema: listEntryDtoSchema },
    refusals: { 409: 'The name is taken.', 422: 'The list is full.' },
    forward: { subject: SUBJECTS.equipment.addListEntry },
    changesDashboardFigures: true,
  }),
  updateListEntry: operation({
    operationId: 'updateListEntry',
    method: 'put',
    path: '/api/lists/{id}',
    tag: 'Lists',
    summary: 'Rename, retire or restore an entry (Admins)',
    description:
      'Send the `version` you read. A rename keeps the old name as a former name (it still finds the entry) and rewrites every device, member of staff and task that carries it, each with an audit row. A retired entry is no longer offered for new records and stays on those that carry it.',
    callers: ADMINS,
    body: updateListEntrySchema,
    answer: { status: 200, description: 'The entry.', schema: listEntryDtoSchema },
    refusals: { 404: 'Not on the lists.', 409: 'Stale version, or the name is taken.' },
    forward: { subject: SUBJECTS.equipment.updateListEntry },
    changesDashboardFigures: true,
  }),
} as const satisfies Record<string, ApiOperation>;
