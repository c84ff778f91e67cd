import {
  addServiceContractSchema,
  deviceCoverSchema,
  serviceContractPageSchema,
  serviceContractQuerySchema,
  serviceContractSchema,
  SUBJECTS,
  updateServiceContractSchema,
} from '@caliber/contracts';
import { operation, SUPERVISORS, type ApiOperation } from '../api/operation';

const NO_SUCH_CONTRACT = 'No such service contract.';
const BAD_CONTRACT =
  'A field out of its range, an end before the start or more than 10 years after it, nothing covered, or a vendor, department or device not on its list (or retired, or deleted).';

/**
 * Service contracts, kept by the equipment service: their costs are for Engineers, Managers and
 * Admins, who record and change them. A device's cover (its warranty and the contracts covering
 * it today: who to call, until when, how fast) is for anyone who may see the device, without cost.
 */
export const SERVICE_CONTRACTS_OPERATIONS = {
  listServiceContracts: operation({
    operationId: 'listServiceContracts',
    method: 'get',
    path: '/api/service-contracts',
    tag: 'Service contracts',
    summary: 'A page of the service contracts (Engineers, Managers and Admins)',
    description:
      '`state` is `current` (the default: in force today, the hospital’s date), `renewal-due` (ending within 90 days), `upcoming`, `ended` or `all`; `q` finds a contract by its number or vendor; `vendorId` keeps one vendor’s; `equipmentId` keeps those covering a device. Ending first. Each row has its `renewal` (`due-90`, `due-30`, `ended` or null) and how many devices it names. Answers `{rows, total, page, pages, limit}` (`limit` 50 by default, at most 100).',
    callers: SUPERVISORS,
    query: serviceContractQuerySchema,
    answer: { status: 200, description: 'The page.', schema: serviceContractPageSchema },
    forward: { subject: SUBJECTS.equipment.contractsList },
  }),
  getServiceContract: operation({
    operationId: 'getServiceContract',
    method: 'get',
    path: '/api/service-contracts/{id}',
    tag: 'Service contracts',
    summary: 'One service contract with the devices it names (Engineers, Managers and Admins)',
    description:
      'Its terms, cost (in the hospital `currency`), what it covers and the `version` a change sends back.',
    callers: SUPERVISORS,
    answer: { status: 200, description: 'The contract.', schema: serviceContractSchema },
    refusals: { 404: NO_SUCH_CONTRACT },
    forward: { subject: SUBJECTS.equipment.contractsGet },
  }),
  addServiceContract: operation({
    operationId: 'addServiceContract',
    method: 'post',
    path: '/api/service-contracts',
    tag: 'Service contracts',
    summary: 'Record a service contract (Engineers, Managers and Admins)',
    description:
      'A vendor of the list, its contract number (one vendor’s once, whatever its case), kind, first and last day (at most 10 years), annual cost, response time in hours and whether planned maintenance is included, with what it covers: `equipmentIds` (at most 2,000), `models` (at most 50, matched without case against each device’s manufacturer and model) and a `departmentId` of the hospital list, at least one of them. Audited.',
    callers: SUPERVISORS,
    body: addServiceContractSchema,
    answer: { status: 201, description: 'The contract.', schema: serviceContractSchema },
    refusals: { 400: BAD_CONTRACT, 409: 'The vendor has a contract of that number already.' },
    forward: { subject: SUBJECTS.equipment.contractsAdd },
    changesDashboardFigures: true,
  }),
  updateServiceContract: operation({
    operationId: 'updateServiceContract',
    method: 'put',
    path: '/api/service-contracts/{id}',
    tag: 'Service contracts',
    summary: 'Change a service contract (Engineers, Managers and Admins)',
    description:
      'The whole contract as the form holds it, with the `version` you read: a change made meanwhile is refused (409), not overwritten. A retired vendor or department, or a device deleted since, may stay where it was named. Audited with the old and new values, devices as added and removed.',
    callers: SUPERVISORS,
    body: updateServiceContractSchema,
    answer: { status: 200, description: 'The contract.', schema: serviceContractSchema },
    refusals: {
      400: BAD_CONTRACT,
      404: NO_SUCH_CONTRACT,
      409: 'Stale version, or the vendor has a contract of that number already.',
    },
    forward: { subject: SUBJECTS.equipment.contractsUpdate },
    changesDashboardFigures: true,
  }),
  getEquipmentCover: operation({
    operationId: 'getEquipmentCover',
    method: 'get',
    path: '/api/equipment/{id}/cover',
    tag: 'Equipment',
    summary: 'Who covers an item today: its warranty and service contracts',
    description:
      'For anyone who may see the item (clinical staff, an item of their ward), so that whoever finds it failed knows who to call: each cover’s vendor, phone, e-mail, contract number, response time, whether PM is included and its last day, the one ending last first. Never a cost.',
    callers: 'signed-in',
    answer: { status: 200, description: 'The covers (none: an empty list).', schema: deviceCoverSchema },
    refusals: { 404: 'Not in the inventory, or not in your ward’s.' },
    forward: { subject: SUBJECTS.equipment.cover },
  }),
} as const satisfies Record<string, ApiOperation>;
