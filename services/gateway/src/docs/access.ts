import type { Role } from '@caliber/contracts';

/** Who calls: nobody signed in, or a signed-in person of each role. */
export type Caller = 'anonymous' | Role;
export const CALLERS: readonly Caller[] = ['anonymous', 'Technician', 'Engineer', 'Manager', 'Admin'];

/** What a call of the matrix needs: an item it may change, made fresh for the call. */
export interface CallContext {
  serial: string;
  /** A device of the inventory, for bodies that name one. */
  equipmentId: string;
}

export interface RouteAccess {
  /** The answer each caller gets for a valid request (a fresh item where the path names one). */
  expect: Record<Caller, number>;
  /** A valid body for the route. */
  body?(context: CallContext): unknown;
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
    | 'recall without devices';
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  Technician: status,
  Engineer: status,
  Manager: status,
  Admin: status,
});

/** Engineers and Admins get `status`; Technicians and Managers 403. */
const engineersOnly = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  Technician: 403,
  Engineer: status,
  Manager: 403,
  Admin: status,
});

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

/** A one-person roster file (CSV, base64), new for each call. */
const rosterFile = ({ serial }: CallContext) => ({
  fileName: 'roster.csv',
  content: Buffer.from(
    `Service Number,Full Name,Phone,Role,Department\n${serial},Matrix Import,+15550100997,Technician,ICU\n`,
  ).toString('base64'),
});

/** A one-device inventory file (CSV, base64), new for each call. */
const inventoryFile = ({ serial }: CallContext) => ({
  fileName: 'inventory.csv',
  content: Buffer.from(
    `Name,Manufacturer,Model,Serial Number,Department,Location,Installation Date,Status,Category\n` +
      `Matrix Monitor,Mindray,BeneVision N12,${serial},ICU,Bed 3,2024-02-01,Serviceable,Monitor\n`,
  ).toString('base64'),
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

/** A one-test analyser file (Caliber's CSV, base64) for the item's serial number, new for each call. */
const safetyFile = ({ serial }: CallContext) => ({
  fileName: 'safety-tests.csv',
  content: Buffer.from(
    'Serial Number,Test Date,Tester,Instrument,Protection Class,Protective Earth (Ω),Equipment Leakage (µA),Visual Inspection\n' +
      `${serial},2026-03-02 09:15,Matrix Tester,ESA615,I,0.1,300,Pass\n`,
  ).toString('base64'),
});

/**
 * Who may call each route of the gateway (by `operationId` of `ROUTES`), and what each caller is
 * answered: the authorization matrix. The reliability suite calls every cell against the real
 * stack; a route without its line here fails it, so no route is added without deciding who may
 * call it. Role rules live in the services; this table is what they must add up to.
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // Sign-in is for anyone; a service number that is not on the roster is 404 to everyone alike.
  requestOtp: {
    expect: { anonymous: 404, Technician: 404, Engineer: 404, Manager: 404, Admin: 404 },
    body: () => ({ serviceNumber: 'NOT-ON-ROSTER' }),
  },
  verifyOtp: {
    expect: { anonymous: 404, Technician: 404, Engineer: 404, Manager: 404, Admin: 404 },
    body: () => ({ serviceNumber: 'NOT-ON-ROSTER', otp: '123456' }),
  },
  getCurrentUser: { expect: everyone(200) },
  logout: { expect: everyone(204), last: true },
  updateOwnProfile: { expect: everyone(200), body: () => ({ name: 'Matrix Person', email: '' }) },
  // Each caller has no e-mail address: there is nothing to confirm (409), nothing to cancel (200).
  sendEmailConfirmation: { expect: everyone(409) },
  cancelEmailChange: { expect: everyone(200) },
  // A link is opened signed in or not; a token nobody was sent is 404 to everyone alike.
  confirmEmail: {
    expect: { anonymous: 404, Technician: 404, Engineer: 404, Manager: 404, Admin: 404 },
    body: () => ({ token: 'M'.repeat(43) }),
  },
  updateNotificationSettings: {
    expect: everyone(200),
    body: () => ({ taskUpdates: true, inventory: false, weeklyDigest: true }),
  },
  updateReportDefaults: {
    expect: everyone(200),
    body: () => ({ includeCharts: true, includeSummary: true, format: 'pdf' }),
  },
  updateAppearance: { expect: everyone(200), body: () => ({ theme: 'dark' }) },
  listEquipment: { expect: everyone(200) },
  getEquipment: { expect: everyone(200) },
  getEquipmentStatusHistory: { expect: everyone(200) },
  // A device's whole maintenance history is for everyone, the technician at the device included.
  getEquipmentMaintenanceHistory: { expect: everyone(200) },
  createEquipment: { expect: everyone(201), body: newItem },
  updateEquipment: { expect: everyone(200), body: () => ({ location: 'Bed 4' }) },
  // Anyone may report a device out of use; returning it to service is the engineers' (tested apart).
  changeEquipmentStatus: {
    expect: everyone(200),
    body: () => ({ status: 'Unserviceable', reason: 'Alarm fails self-test' }),
  },
  assessEquipmentRisk: {
    expect: { anonymous: 401, Technician: 403, Engineer: 200, Manager: 403, Admin: 200 },
    body: () => ({ function: 10, physicalRisk: 5, maintenance: 4, incidentHistory: 0 }),
  },
  deleteEquipment: {
    expect: { anonymous: 401, Technician: 403, Engineer: 200, Manager: 403, Admin: 200 },
  },
  // Everyone reads the inventory, so everyone exports it and may fill in the template; only
  // Engineers and Admins import, each their own staged import (others' are 404 to them).
  getInventoryImportTemplate: { expect: everyone(200) },
  stageInventoryImport: { expect: engineersOnly(201), body: inventoryFile },
  getInventoryImport: { expect: engineersOnly(200), names: 'inventory import' },
  listInventoryImportRows: { expect: engineersOnly(200), names: 'inventory import' },
  applyInventoryImport: { expect: engineersOnly(200), names: 'inventory import' },
  discardInventoryImport: { expect: engineersOnly(200), names: 'inventory import' },
  exportInventory: { expect: everyone(200) },
  // Electrical-safety tests: everyone reads them; Engineers and Admins record and import them.
  getEquipmentSafetyTests: { expect: everyone(200) },
  recordSafetyTest: { expect: engineersOnly(201), body: safetyTest },
  getSafetyTest: { expect: everyone(200), names: 'safety test' },
  previewSafetyImport: { expect: engineersOnly(200), body: safetyFile },
  applySafetyImport: { expect: engineersOnly(200), body: safetyFile },
  // One device's tag: the whole inventory of the shared test database may be past a sheet's limit.
  printAssetLabels: {
    expect: everyone(200),
    body: ({ equipmentId }) => ({ layout: 'a4-21', ids: [equipmentId] }),
  },
  // The hospital lists: everyone reads them (forms, filters); only Admins change them.
  getHospitalLists: { expect: everyone(200) },
  addListEntry: {
    expect: { anonymous: 401, Technician: 403, Engineer: 403, Manager: 403, Admin: 201 },
    body: ({ serial }) => ({ kind: 'department', name: `Matrix Ward ${serial}` }),
  },
  updateListEntry: {
    expect: { anonymous: 401, Technician: 403, Engineer: 403, Manager: 403, Admin: 200 },
    names: 'list entry',
    body: () => ({ retired: true, version: 1 }),
  },
  // Recalls: everyone reads them; Engineers and Admins record, preview, edit and close.
  listRecalls: { expect: everyone(200) },
  previewRecall: { expect: engineersOnly(200), body: recallNotice },
  createRecall: { expect: engineersOnly(201), body: recallNotice },
  getRecall: { expect: everyone(200), names: 'recall' },
  getRecallActions: { expect: everyone(200), names: 'recall' },
  updateRecall: {
    expect: engineersOnly(200),
    names: 'recall',
    body: (context) => ({ ...recallNotice(context), title: 'Matrix recall, edited', version: 1 }),
  },
  closeRecallAction: {
    expect: engineersOnly(200),
    names: 'recall action',
    body: () => ({
      closeWith: 'decision',
      decision: 'Serial checked on the device label: outside the range.',
    }),
  },
  closeRecall: {
    expect: engineersOnly(200),
    names: 'recall without devices',
    body: () => ({
      decision: 'No device of these models is in the hospital: purchasing records checked.',
      version: 1,
    }),
  },
  getDeviceRecalls: { expect: everyone(200) },
  listTasks: { expect: everyone(200) },
  getTask: { expect: everyone(200), names: 'task' },
  // Technicians and Managers create no work: a fault goes through Report Issue.
  createTask: {
    expect: engineersOnly(201),
    body: ({ equipmentId }) => ({
      title: 'Matrix calibration',
      description: 'Annual calibration',
      taskType: 'Calibrate',
      priority: 'Medium',
      equipmentId,
    }),
  },
  updateTask: { expect: engineersOnly(200), names: 'task', body: () => ({ priority: 'High' }) },
  // A Technician changes their own task; a Manager reads only.
  changeTaskStatus: {
    expect: { ...everyone(200), Manager: 403 },
    names: 'task',
    body: () => ({ status: 'In Progress' }),
  },
  recordTaskWork: {
    expect: { ...everyone(200), Manager: 403 },
    names: 'task',
    body: () => ({
      faultDescription: 'Drifting readings',
      repairDetails: 'Recalibrated',
      sparePartsUsed: [{ name: 'Fuse', quantity: 1, description: '5 A' }],
    }),
  },
  certifyTask: { expect: engineersOnly(200), names: 'completed task' },
  deleteTask: { expect: engineersOnly(200), names: 'task' },
  reportIssue: {
    expect: everyone(201),
    body: ({ equipmentId }) => ({
      equipment: equipmentId,
      title: 'Alarm fails self-test',
      description: 'The high-pressure alarm does not sound.',
      severity: 'High',
      location: 'Bed 3',
    }),
  },
  schedulePreventiveMaintenance: {
    expect: engineersOnly(201),
    body: ({ equipmentId }) => ({
      equipmentId,
      title: 'Monthly electrical safety test',
      pmType: 'Safety Testing',
      interval: 'Monthly',
      firstDueDate: '2031-01-15',
    }),
  },
  getPmCompliance: { expect: everyone(200) },
  listOverduePm: { expect: everyone(200) },
  listUnplannedPmDevices: { expect: everyone(200) },
  listPmPlans: { expect: everyone(200) },
  getPmPlan: { expect: everyone(200), names: 'plan' },
  updatePmPlan: { expect: engineersOnly(200), names: 'plan', body: () => ({ priority: 'High' }) },
  retirePmPlan: {
    expect: engineersOnly(200),
    names: 'plan',
    body: () => ({ reason: 'Device leaves the program' }),
  },
  // The roster: Engineers and Admins manage it, Managers read it, Technicians see only assignee lists.
  listUsers: { expect: { ...engineersOnly(200), Manager: 200 } },
  getUser: { expect: { ...engineersOnly(200), Manager: 200 }, names: 'user' },
  createUser: {
    expect: engineersOnly(201),
    body: ({ serial }) => ({
      serviceNumber: serial,
      name: 'Matrix Newcomer',
      phoneNumber: '+15550100998',
      role: 'Technician',
      department: 'ICU',
    }),
  },
  updateUser: { expect: engineersOnly(200), names: 'user', body: () => ({ department: 'NICU' }) },
  exportUsers: { expect: { ...engineersOnly(200), Manager: 200 } },
  previewRosterImport: { expect: engineersOnly(200), body: rosterFile },
  importRoster: { expect: engineersOnly(200), body: rosterFile },
  deleteUser: { expect: engineersOnly(200), names: 'user' },
  listAssignees: { expect: everyone(200) },
  listTaskUsers: { expect: everyone(200) },
  // Anyone signed in asks for reports (the domain services apply their own rules to the figures);
  // a report and a schedule are their owner's, and Engineers' and Admins' too.
  generateReport: {
    expect: everyone(202),
    body: () => ({
      reports: ['equipmentStatus'],
      filters: { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      options: { delivery: { downloadNow: false, email: 'matrix@hospital.example' } },
    }),
  },
  listReports: { expect: everyone(200) },
  listReportSchedules: { expect: everyone(200) },
  cancelReportSchedule: { expect: everyone(200), names: 'report schedule' },
  getReport: { expect: everyone(200), names: 'report' },
  getReportFile: { expect: everyone(200), names: 'finished report' },
  getDashboard: { expect: everyone(200) },
  // The audit trail holds staff's personal details (phone numbers, sign-ins): not for Technicians.
  getAuditTrail: { expect: { anonymous: 401, Technician: 403, Engineer: 200, Manager: 200, Admin: 200 } },
  getHealth: { expect: { anonymous: 200, Technician: 200, Engineer: 200, Manager: 200, Admin: 200 } },
  getHealthReady: { expect: { anonymous: 200, Technician: 200, Engineer: 200, Manager: 200, Admin: 200 } },
  getHealthDetails: {
    expect: { anonymous: 401, Technician: 403, Engineer: 200, Manager: 403, Admin: 200 },
  },
};
