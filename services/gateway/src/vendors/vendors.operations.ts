import {
  addVendorSchema,
  SUBJECTS,
  updateVendorSchema,
  vendorPageSchema,
  vendorQuerySchema,
  vendorSchema,
} from '@caliber/contracts';
import { operation, STAFF, SUPERVISORS, type ApiOperation } from '../api/operation';

const NO_SUCH_VENDOR = 'No such vendor.';

/**
 * The vendors (manufacturers, suppliers, service providers), kept by the equipment service: the
 * department's staff read them (a technician calls the vendor's number), Engineers, Managers and
 * Admins add, change, retire and restore them. Never deleted: service contracts name them.
 */
export const VENDORS_OPERATIONS = {
  listVendors: operation({
    operationId: 'listVendors',
    method: 'get',
    path: '/api/vendors',
    tag: 'Vendors',
    summary: 'A page of the vendors, by name',
    description:
      '`q` finds a vendor by a part of its name or contact; `kind` keeps manufacturers, suppliers or service providers; `status` is `active` (the default: those offered for new records), `retired` or `all`. Answers `{rows, total, page, pages, limit}` (`limit` 50 by default, at most 100).',
    callers: STAFF,
    query: vendorQuerySchema,
    answer: { status: 200, description: 'The page.', schema: vendorPageSchema },
    forward: { subject: SUBJECTS.equipment.vendorsList },
  }),
  getVendor: operation({
    operationId: 'getVendor',
    method: 'get',
    path: '/api/vendors/{id}',
    tag: 'Vendors',
    summary: 'One vendor, retired or not',
    description:
      'Its roles, contact, phone, e-mail, website and notes, with the `version` a change sends back.',
    callers: STAFF,
    answer: { status: 200, description: 'The vendor.', schema: vendorSchema },
    refusals: { 404: NO_SUCH_VENDOR },
    forward: { subject: SUBJECTS.equipment.vendorsGet },
  }),
  addVendor: operation({
    operationId: 'addVendor',
    method: 'post',
    path: '/api/vendors',
    tag: 'Vendors',
    summary: 'Add a vendor (Engineers, Managers and Admins)',
    description:
      'A name belongs to one vendor whatever its case: one on the list already, retired or not, is refused (409) and should be restored instead. At least one of `manufacturer`, `supplier` and `service` in `kinds`. The list holds at most 5,000 vendors, retired ones included. Audited.',
    callers: SUPERVISORS,
    body: addVendorSchema,
    answer: { status: 201, description: 'The new vendor.', schema: vendorSchema },
    refusals: { 409: 'The name is taken.', 422: 'The list is full.' },
    forward: { subject: SUBJECTS.equipment.vendorsAdd },
  }),
  updateVendor: operation({
    operationId: 'updateVendor',
    method: 'put',
    path: '/api/vendors/{id}',
    tag: 'Vendors',
    summary: 'Change, retire or restore a vendor (Engineers, Managers and Admins)',
    description:
      'The whole record as the form holds it (a field left out is cleared), with `retired` and the `version` you read: a change made meanwhile is refused (409), not overwritten. A rename keeps the vendor, so every record naming it shows the new name. A retired vendor is no longer offered for new records and stays on those naming it. Audited with the old and new values.',
    callers: SUPERVISORS,
    body: updateVendorSchema,
    answer: { status: 200, description: 'The vendor.', schema: vendorSchema },
    refusals: { 404: NO_SUCH_VENDOR, 409: 'Stale version, or the name is taken.' },
    forward: { subject: SUBJECTS.equipment.vendorsUpdate },
  }),
} as const satisfies Record<string, ApiOperation>;
