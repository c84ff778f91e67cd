import type { Role } from '@caliber/contracts';
import { rolesOf, type ApiOperation } from '../api/operation';

/**
 * Who calls: nobody signed in, or a signed-in person of each role (clinical staff signed in
 * through single sign-on, the only way they sign in).
 */
export type Caller = 'anonymous' | Role;
export const CALLERS: readonly Caller[] = [
  'anonymous',
  'Technician',
  'Engineer',
  'Manager',
  'Admin',
  'Clinical',
];

/** What a call of the matrix needs: an item it may change, made fresh for the call. */
export interface CallContext {
  serial: string;
  /** A device of the inventory, for bodies that name one. */
  equipmentId: string;
  /** A vendor of the list, for bodies that name one. */
  vendorId: string;
}

/**
 * How the authorization matrix calls one operation: a valid request for it (a body, the kind of
 * record its `{id}` names), and where a valid request is refused alike to everyone (a service
 * number not on the roster), the answers it gets instead of the ones its declaration implies.
 */
export interface RouteAccess {
  /** Instead of the answers derived from the declaration's callers (`expectedAnswers`). */
  answers?: Record<Caller, number>;
  /** A valid body for the route. */
  body?(context: CallContext): unknown;
  /** A valid file for a route whose body is a file's bytes (`fileBody`): its query and its text. */
  file?(context: CallContext): { query: string; text: string };
  /** Run after every other route (it ends the session it is called with). */
  last?: boolean;
  /**
   * What the path's `{id}` names (a device by default): a task assigned to the caller (so a
   * Technician's own), or one that is completed and awaits certification.
   */
  names?:
    | 'task'
    | 'completed task'
    | 'plan'
    | 'user'
    | 'report'
    | 'finished report'
    | 'report schedule'
    | 'list entry'
    | 'inventory import'
    | 'safety test'
    | 'recall'
    | 'recall action'
    | 'recall without devices'
    | 'vendor'
    | 'service contract';
}

/** The same answer to every caller, signed in or not (a request refused for what it names). */
const alike = (status: number): Record<Caller, number> => ({
  anonymous: status,
  Technician: status,
  Engineer: status,
  Manager: status,
  Admin: status,
  Clinical: status,
});

/** 403 to every signed-in caller, 401 to nobody signed in (the allowed roles are added). */
const forbidden: Record<Caller, number> = {
  anonymous: 401,
  Technician: 403,
  Engineer: 403,
  Manager: 403,
  Admin: 403,
  Clinical: 403,
};

/** The same answer to every signed-in caller, 401 to nobody signed in. */
const everyone = (status: number): Record<Caller, number> => ({ ...alike(status), anonymous: 401 });

/**
 * The role table, derived from an operation's declaration: its success status for whoever may
 * call it, 401 to nobody signed in (unless anyone may call it), and 403 to the other roles.
 */
export function expectedAnswers(operation: ApiOperation): Record<Caller, number> {
  const success = operation.answer.status;
  const allowed = rolesOf(operation.callers);
  const answers = { anonymous: operation.callers === 'anyone' ? success : 401 } as Record<Caller, number>;
  for (const caller of CALLERS) {
    if (caller !== 'anonymous') answers[caller] = allowed.includes(caller) ? success : 403;
  }
  return answers;
}

const newItem = ({ serial }: CallContext) => ({
  name: 'Matrix Monitor',
  serialNumber: serial,
  manufacturer: 'Mindray',
  model: 'BeneVision N12',
  department: 'ICU',
  location: 'Bed 3',
  installationDate: '2024-02-01',
  status: 'Serviceable',
  category: 'Monitor',
});

/** A notice that finds the matrix's own device (`newItem`, by its serial), new for each call. */
/** A contract covering the matrix's device, of a vendor made for it (`vendorId` set by the matrix). */
const serviceContract = ({ serial, equipmentId, vendorId }: CallContext) => ({
  vendorId,
  reference: `MATRIX-${serial}`,
  kind: 'full-service',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  annualCost: 2000,
  pmIncluded: true,
  equipmentIds: [equipmentId],
});

const recallNotice = ({ serial }: CallContext) => ({
  source: 'Manufacturer',
  sourceReference: `FSN-${serial}`,
  title: 'Matrix recall',
  manufacturer: 'Mindray',
  models: ['BeneVision N12'],
  serialNumbers: [serial],
  hazard: 'The alarm may not sound.',
  actionRequired: 'Replace the alarm board.',
  publishedOn: '2026-01-15',
});

/** A one-person roster file (CSV), new for each call. */
const rosterFile = ({ serial }: CallContext) => ({
  query: 'fileName=roster.csv',
  text: `Service Number,Full Name,Phone,Role,Department\n${serial},Matrix Import,+15550100997,Technician,ICU\n`,
});

/** A one-device inventory file (CSV), new for each call. */
const inventoryFile = ({ serial }: CallContext) => ({
  query: 'fileName=inventory.csv',
  text:
    `Name,Manufacturer,Model,Serial Number,Department,Location,Installation Date,Status,Category\n` +
    `Matrix Monitor,Mindray,BeneVision N12,${serial},ICU,Bed 3,2024-02-01,Serviceable,Monitor\n`,
});

/** A passing Class II test with one BF applied part: the body of a safety test record. */
const safetyTest = () => ({
  test: {
    testedOn: '2026-03-02',
    testerName: 'Matrix Tester',
    instrument: 'Rigel 288+ s/n 10422',
    protectionClass: 'II',
    leakageMethod: 'direct',
    protectiveEarthOhm: null,
    insulationMegaohm: 50,
    equipmentLeakageMicroamp: 40,
    appliedParts: [{ name: 'Line', type: 'BF', leakageMicroamp: 20 }],
    visualInspection: 'Pass',
  },
});

/** A one-test analyser file (Caliber's CSV) for the item's serial number, new for each call. */
const safetyFile = ({ serial }: CallContext) => ({
  query: 'fileName=safety-tests.csv',
  text:
    'Serial Number,Test Date,Tester,Instrument,Protection Class,Protective Earth (Ω),Equipment Leakage (µA),Visual Inspection\n' +
    `${serial},2026-03-02 09:15,Matrix Tester,ESA615,I,0.1,300,Pass\n`,
});

/**
 * How to call an operation of the gateway (by `operationId`) in the authorization matrix, where a
 * plain call (no body; a device where the path names a record) is not a valid request for it. Who
 * may call it comes from its declaration (`expectedAnswers`); the reliability suite calls every
 * cell against the real stack, so an operation that needs a body or another record and has no line
 * here fails it. Role rules live in the services; the declarations' callers are what they must
 * add up to.
 */
export const ROUTE_ACCESS: Readonly<Partial<Record<string, RouteAccess>>> = {
  // Sign-in is for anyone; a service number that is not on the roster is 404 to everyone alike.
  requestOtp: {
    answers: alike(404),
    body: () => ({ serviceNumber: 'NOT-ON-ROSTER' }),
  },
  verifyOtp: {
    answers: alike(404),
    body: () => ({ serviceNumber: 'NOT-ON-ROSTER', otp: '123456' }),
  },
  logout: { last: true },
  // The path's `{provider}` names no provider of the matrix's stack (its own is `directory`): 404.
  startSingleSignOn: {
    answers: alike(404),
  },
  // Requiring nobody: a policy that required the callers' roles would end their code sessions.
  updateSignInPolicy: { body: () => ({ ssoRequiredRoles: [] }) },
  // An answer from a browser that began no sign-in signs nobody in, whoever hands it on.
  finishSingleSignOn: {
    answers: alike(403),
    body: () => ({ query: 'code=not-a-code&state=not-a-state' }),
  },
  updateOwnProfile: { body: () => ({ name: 'Matrix Person', email: '' }) },
  // Each caller has no e-mail address (the clinical person is found by service number): there is
  // nothing to confirm (409), nothing to cancel (200).
  sendEmailConfirmation: { answers: everyone(409) },
  // A link is opened signed in or not; a token nobody was sent is 404 to everyone alike.
  confirmEmail: {
    answers: alike(404),
    body: () => ({ token: 'M'.repeat(43) }),
  },
  updateNotificationSettings: {
    body: () => ({ taskUpdates: true, inventory: false, weeklyDigest: true }),
  },
  updateReportDefaults: {
    body: () => ({ includeCharts: true, includeSummary: true, format: 'pdf' }),
  },
  updateAppearance: { body: () => ({ theme: 'dark' }) },
  // A device's whole maintenance history is for everyone, the technician at the device included.
  getEquipmentMaintenanceHistory: {},
  createEquipment: { body: newItem },
  updateEquipment: { body: () => ({ location: 'Bed 4' }) },
  // Anyone may report a device out of use; returning it to service is the engineers' (tested apart).
  changeEquipmentStatus: {
    body: () => ({ status: 'Unserviceable', reason: 'Alarm fails self-test' }),
  },
  // Acquisition costs: Engineers, Managers and Admins read them; Engineers and Admins record them.
  getEquipmentAcquisition: {},
  setEquipmentAcquisition: {
    body: () => ({
      acquisitionCost: 12500,
      purchaseDate: '2024-01-15',
      // No supplier: one is a vendor of the list by name, and the matrix's vendors are named per call.
      expectedLifeYears: 10,
    }),
  },
  assessEquipmentRisk: {
    body: () => ({ function: 10, physicalRisk: 5, maintenance: 4, incidentHistory: 0 }),
  },
  // Everyone reads the inventory, so everyone exports it and may fill in the template; only
  // Engineers and Admins import, each their own staged import (others' are 404 to them).
  getInventoryImportTemplate: {},
  stageInventoryImport: { file: inventoryFile },
  getInventoryImport: { names: 'inventory import' },
  listInventoryImportRows: { names: 'inventory import' },
  applyInventoryImport: { names: 'inventory import' },
  discardInventoryImport: { names: 'inventory import' },
  // Electrical-safety tests: everyone reads them; Engineers and Admins record and import them.
  getEquipmentSafetyTests: {},
  recordSafetyTest: { body: safetyTest },
  getSafetyTest: { names: 'safety test' },
  previewSafetyImport: { file: safetyFile },
  applySafetyImport: { file: safetyFile },
  // One device's tag: the whole inventory of the shared test database may be past a sheet's limit.
  printAssetLabels: {
    body: ({ equipmentId }) => ({ layout: 'a4-21', ids: [equipmentId] }),
  },
  // The hospital lists: everyone reads them (forms, filters); only Admins change them.
  getHospitalLists: {},
  addListEntry: {
    body: ({ serial }) => ({ kind: 'department', name: `Matrix Ward ${serial}` }),
  },
  updateListEntry: {
    names: 'list entry',
    body: () => ({ retired: true, version: 1 }),
  },
  // Vendors: the department's staff read them; Engineers, Managers and Admins keep them.
  listVendors: {},
  getVendor: { names: 'vendor' },
  addVendor: {
    body: ({ serial }) => ({ name: `Matrix Vendor ${serial}`, kinds: ['supplier'] }),
  },
  updateVendor: {
    names: 'vendor',
    body: ({ serial }) => ({
      name: `Matrix Vendor ${serial}, renamed`,
      kinds: ['service'],
      retired: false,
      version: 1,
    }),
  },
  // Service contracts: costs, for Engineers, Managers and Admins; a device's cover for everyone.
  listServiceContracts: {},
  getServiceContract: { names: 'service contract' },
  addServiceContract: { body: serviceContract },
  updateServiceContract: {
    names: 'service contract',
    body: (context) => ({ ...serviceContract(context), annualCost: 2500, version: 1 }),
  },
  getEquipmentCover: {},
  // Recalls: everyone reads them; Engineers and Admins record, preview, edit and close.
  listRecalls: {},
  previewRecall: { body: recallNotice },
  createRecall: { body: recallNotice },
  getRecall: { names: 'recall' },
  getRecallActions: { names: 'recall' },
  updateRecall: {
    names: 'recall',
    body: (context) => ({ ...recallNotice(context), title: 'Matrix recall, edited', version: 1 }),
  },
  closeRecallAction: {
    names: 'recall action',
    body: () => ({
      closeWith: 'decision',
      decision: 'Serial checked on the device label: outside the range.',
    }),
  },
  closeRecall: {
    names: 'recall without devices',
    body: () => ({
      decision: 'No device of these models is in the hospital: purchasing records checked.',
      version: 1,
    }),
  },
  getTask: { names: 'task' },
  // Technicians and Managers create no work: a fault goes through Report Issue.
  createTask: {
    body: ({ equipmentId }) => ({
      title: 'Matrix calibration',
      description: 'Annual calibration',
      taskType: 'Calibrate',
      priority: 'Medium',
      equipmentId,
    }),
  },
  updateTask: { names: 'task', body: () => ({ priority: 'High' }) },
  // A Technician changes their own task; a Manager reads only.
  changeTaskStatus: {
    names: 'task',
    body: () => ({ status: 'In Progress' }),
  },
  recordTaskWork: {
    names: 'task',
    body: () => ({
      faultDescription: 'Drifting readings',
      repairDetails: 'Recalibrated',
      sparePartsUsed: [{ name: 'Fuse', quantity: 1, description: '5 A' }],
    }),
  },
  recordTaskVendorCharges: {
    names: 'task',
    body: ({ vendorId }) => ({ charges: [{ vendorId, visitDate: '2026-01-05', amount: 120 }], version: 0 }),
  },
  recordTaskPartCosts: {
    names: 'task',
    // A task just made: no parts yet, at its first version.
    body: () => ({ parts: [], version: 1 }),
  },
  certifyTask: { names: 'completed task' },
  deleteTask: { names: 'task' },
  reportIssue: {
    body: ({ equipmentId }) => ({
      equipment: equipmentId,
      title: 'Alarm fails self-test',
      description: 'The high-pressure alarm does not sound.',
      severity: 'High',
      location: 'Bed 3',
    }),
  },
  addToFaultReport: {
    names: 'task',
    body: () => ({ description: 'Same fault seen again on the night round.' }),
  },
  schedulePreventiveMaintenance: {
    body: ({ equipmentId }) => ({
      equipmentId,
      title: 'Monthly electrical safety test',
      pmType: 'Safety Testing',
      interval: 'Monthly',
      firstDueDate: '2031-01-15',
    }),
  },
  getPmPlan: { names: 'plan' },
  updatePmPlan: { names: 'plan', body: () => ({ priority: 'High' }) },
  retirePmPlan: {
    names: 'plan',
    body: () => ({ reason: 'Device leaves the program' }),
  },
  // The roster: Engineers and Admins manage it, Managers read it, Technicians see only assignee lists.
  listUsers: {},
  getUser: { names: 'user' },
  createUser: {
    body: ({ serial }) => ({
      serviceNumber: serial,
      name: 'Matrix Newcomer',
      phoneNumber: '+15550100998',
      role: 'Technician',
      department: 'ICU',
    }),
  },
  updateUser: { names: 'user', body: () => ({ department: 'NICU' }) },
  previewRosterImport: { file: rosterFile },
  importRoster: { file: rosterFile },
  deleteUser: { names: 'user' },
  // Anyone signed in asks for reports (the domain services apply their own rules to the figures);
  // a report and a schedule are their owner's, and Engineers' and Admins' too.
  generateReport: {
    body: () => ({
      reports: ['equipmentStatus'],
      filters: { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      options: { delivery: { downloadNow: false, email: 'matrix@hospital.example' } },
    }),
  },
  cancelReportSchedule: { names: 'report schedule' },
  getReport: { names: 'report' },
  getReportFile: { names: 'finished report' },
  // The audit trail holds staff's personal details (phone numbers, sign-ins): not for Technicians.
  getAuditTrail: {},
  // The bell: everyone signed in reads and marks their own notifications, clinical staff too. A
  // device's id names no notification of the caller's: 404 to everyone signed in alike.
  listNotifications: {},
  markNotificationRead: { answers: everyone(404) },
  markAllNotificationsRead: {},
  // Without a token (the matrix sends no query) the link is refused alike, whoever follows it.
  unsubscribeNotifications: { answers: alike(400) },
  listNotificationDeliveries: {},
  // Who covers a department: Engineers and Admins read it, Admins change it. The matrix names no
  // department of the lists nor an engineer, so those allowed are refused the request (400), and
  // a device's id names no shift (404). The matrix sends no query, and the gateway refuses a query
  // without its department (400) before the service applies the roles (Clinical staff are refused
  // by the gateway first).
  getDepartmentCover: { answers: { ...alike(400), anonymous: 401, Clinical: 403 } },
  setCoveringEngineers: {
    body: () => ({ department: 'No such ward', engineerIds: [] }),
    answers: { ...forbidden, Admin: 400 },
  },
  addOnCallShift: {
    body: () => ({
      department: 'No such ward',
      engineerId: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b',
      from: '2027-01-01T18:00:00Z',
      to: '2027-01-02T08:00:00Z',
    }),
    answers: { ...forbidden, Admin: 400 },
  },
  removeOnCallShift: { answers: { ...forbidden, Admin: 404 } },
  // Costs: Engineers, Managers and Admins read them, Admins change them. The currency is set to
  // the one the suites use; the rate starts further ahead than a rate may (400), so the matrix
  // adds none, and a device's id names no rate (404).
  getCostSettings: {},
  setCostSettings: { body: () => ({ currency: 'GHS' }) },
  listLabourRates: {},
  addLabourRate: {
    body: () => ({ role: 'Admin', hourlyRate: 50, from: '2199-12-31' }),
    answers: { ...forbidden, Admin: 400 },
  },
  withdrawLabourRate: { answers: { ...forbidden, Admin: 404 } },
  // Documents and photos: each record's are read by whoever may read the record (clinical staff
  // their ward's devices and their own reports). The matrix sends no query, so an upload is
  // refused its missing purpose and name (400) by the gateway before the service applies the
  // roles; the path's `{documentId}` names no document (404). Clinical staff are refused the
  // department's records (recalls, safety tests) and a device's uploads by the gateway first.
  listEquipmentDocuments: {},
  attachEquipmentDocument: { answers: { ...everyone(400), Clinical: 403 } },
  downloadEquipmentDocument: { answers: everyone(404) },
  getEquipmentDocumentThumbnail: { answers: everyone(404) },
  removeEquipmentDocument: { answers: { ...everyone(404), Clinical: 403 } },
  listRecallDocuments: { names: 'recall' },
  attachRecallDocument: { names: 'recall', answers: { ...everyone(400), Clinical: 403 } },
  downloadRecallDocument: { names: 'recall', answers: { ...everyone(404), Clinical: 403 } },
  getRecallDocumentThumbnail: { names: 'recall', answers: { ...everyone(404), Clinical: 403 } },
  removeRecallDocument: { names: 'recall', answers: { ...everyone(404), Clinical: 403 } },
  listTaskDocuments: { names: 'task' },
  attachTaskDocument: { names: 'task', answers: everyone(400) },
  downloadTaskDocument: { names: 'task', answers: everyone(404) },
  getTaskDocumentThumbnail: { names: 'task', answers: everyone(404) },
  removeTaskDocument: { names: 'task', answers: everyone(404) },
  listSafetyTestDocuments: { names: 'safety test' },
  attachSafetyTestDocument: { names: 'safety test', answers: { ...everyone(400), Clinical: 403 } },
  downloadSafetyTestDocument: { names: 'safety test', answers: { ...everyone(404), Clinical: 403 } },
  getSafetyTestDocumentThumbnail: { names: 'safety test', answers: { ...everyone(404), Clinical: 403 } },
  removeSafetyTestDocument: { names: 'safety test', answers: { ...everyone(404), Clinical: 403 } },
};
