import type { LiveEvent } from './live-events';

/** NATS request/reply subjects, one namespace per owning service. */
export const SUBJECTS = {
  identity: {
    requestOtp: 'identity.otp.request',
    verifyOtp: 'identity.otp.verify',
    /** Single sign-on: the providers offered, a sign-in begun, the provider's answer. */
    ssoProviders: 'identity.sso.providers',
    ssoStart: 'identity.sso.start',
    ssoFinish: 'identity.sso.finish',
    /** Which roles must sign in by single sign-on (Admins read and change it). */
    signInPolicy: 'identity.sign-in-policy.get',
    updateSignInPolicy: 'identity.sign-in-policy.update',
    checkSession: 'identity.session.check',
    endSession: 'identity.session.end',
    updateProfile: 'identity.users.update-me',
    updateNotifications: 'identity.settings.notifications',
    updateReportDefaults: 'identity.settings.reports',
    updateAppearance: 'identity.settings.appearance',
    /** The person's own e-mail change: send its confirmation (again), or cancel it. */
    sendEmailConfirmation: 'identity.users.email.send-confirmation',
    cancelEmailChange: 'identity.users.email.cancel',
    /** A confirmation link opened, with or without a session: the token alone says whose. */
    confirmEmail: 'identity.users.email.confirm',
    /** Who may receive tasks, for the assignee lists (the gateway) and the assignment check (maintenance). */
    assignees: 'identity.users.assignees',
    assignee: 'identity.users.assignee',
    /** Whether a person is still on the roster and active, and their role now (a report schedule's owner). */
    standing: 'identity.users.standing',
    listUsers: 'identity.users.list',
    getUser: 'identity.users.get',
    createUser: 'identity.users.create',
    updateUser: 'identity.users.update',
    deleteUser: 'identity.users.delete',
    /** The person's sign-in before the present session's (the dashboard's 'Last Login'). */
    previousSignIn: 'identity.sessions.previous-sign-in',
    /** Roster import: a stored file's rows previewed, and applied (the file's key in the store). */
    previewImport: 'identity.users.import.preview',
    applyImport: 'identity.users.import.apply',
    /** The roster written as a workbook into the file store: the answer is its key. */
    exportUsers: 'identity.users.export',
    /** The service's audit rows, newest first, filtered (the audit viewer, through the gateway). */
    auditPage: 'identity.audit.page',
    /** Whether the service's audit hash chain is intact (the compliance report; services only). */
    auditVerify: 'identity.audit.verify',
    /** The names of the people an audit page names by id (the audit viewer's "who"). */
    auditNames: 'identity.audit.names',
    /** The people a notification goes to, with their toggles and addresses (the notifying service only). */
    notificationRecipients: 'identity.users.notification-recipients',
    /** One person's toggle turned off by their e-mail's one-click link (the notifying service only). */
    turnOffNotifications: 'identity.users.notifications.turn-off',
    health: 'identity.health',
  },
  equipment: {
    /** A device's documents and its model's manuals, a recall's notice: page, attach, open, remove. */
    documentsList: 'equipment.documents.list',
    documentsAttach: 'equipment.documents.attach',
    documentsOpen: 'equipment.documents.open',
    documentsRemove: 'equipment.documents.remove',
    list: 'equipment.list',
    get: 'equipment.get',
    history: 'equipment.history',
    create: 'equipment.create',
    update: 'equipment.update',
    changeStatus: 'equipment.status.change',
    delete: 'equipment.delete',
    /** The name, serial number, department and category of one item (maintenance, for its tasks). */
    ref: 'equipment.ref',
    /**
     * The live devices whose serial number is one of up to 1,000 given, in any case (maintenance,
     * for an analyser file's rows): one indexed query, where a text search per row would match parts.
     */
    bySerials: 'equipment.by-serials',
    /** A task's effect on a device (maintenance's outbox relay), applied once per task and kind. */
    applyTaskEffect: 'equipment.task-effect.apply',
    /** An item's risk assessment (Engineer and Admin). */
    assessRisk: 'equipment.risk.assess',
    /** A device's acquisition cost, purchase date, supplier and expected life (costs: kept apart). */
    acquisition: 'equipment.acquisition.get',
    setAcquisition: 'equipment.acquisition.set',
    /** The vendors (manufacturers, suppliers, service providers): page, one, add, change. */
    vendorsList: 'equipment.vendors.list',
    vendorsGet: 'equipment.vendors.get',
    vendorsAdd: 'equipment.vendors.add',
    vendorsUpdate: 'equipment.vendors.update',
    /** Service contracts (costs): page, one, add, change; and a device's cover (no cost). */
    contractsList: 'equipment.contracts.list',
    contractsGet: 'equipment.contracts.get',
    contractsAdd: 'equipment.contracts.add',
    contractsUpdate: 'equipment.contracts.update',
    cover: 'equipment.cover.get',
    /** The vendors a task's charges name, by id (maintenance, to check and name them). */
    vendorRefs: 'equipment.vendors.refs',
    /** The notifying service's daily ask: contracts within 90 days of their end. */
    contractsRenewalDue: 'equipment.contracts.renewal-due',
    /** The feed of devices' risk flags and places (maintenance, for PM compliance). */
    riskChanges: 'equipment.risk.changes',
    /** The dashboard's equipment figures: counts by status now and 30 days earlier. */
    dashboard: 'equipment.dashboard',
    /** Report figures and detail pages (the reports service; see `report-data.ts`). */
    reportStatus: 'equipment.report.status',
    reportNotServiceable: 'equipment.report.not-serviceable',
    reportWarranties: 'equipment.report.warranties',
    reportDowntime: 'equipment.report.downtime',
    reportDowntimeDevices: 'equipment.report.downtime-devices',
    reportInventory: 'equipment.report.inventory',
    /** The devices with their acquisition cost and share of the contracts (the cost of service ratio). */
    reportOwnership: 'equipment.report.ownership',
    /** The hospital lists (departments with wards, categories): everyone reads, Admins change. */
    lists: 'equipment.lists.get',
    addListEntry: 'equipment.lists.add',
    updateListEntry: 'equipment.lists.update',
    /** The feed of list entries (identity and maintenance rewrite renamed values from it). */
    listChanges: 'equipment.lists.changes',
    /**
     * Inventory import: read a stored file and stage its rows (answering the preview), page the
     * rows, apply, discard; the template, written into the file store.
     */
    importFile: 'equipment.import.file',
    importTemplate: 'equipment.import.template',
    importGet: 'equipment.import.get',
    importRowsPage: 'equipment.import.rows-page',
    importApply: 'equipment.import.apply',
    importDiscard: 'equipment.import.discard',
    /** The inventory export and a sheet of asset labels, each written into the file store. */
    exportFile: 'equipment.export.file',
    labelsFile: 'equipment.labels.file',
    /** The service's audit rows, newest first, filtered (the audit viewer, through the gateway). */
    auditPage: 'equipment.audit.page',
    /** Whether the service's audit hash chain is intact (the compliance report; services only). */
    auditVerify: 'equipment.audit.verify',
    /** Recalls and field safety notices: everyone reads; Engineers and Admins record and close. */
    recallsList: 'equipment.recalls.list',
    recallsGet: 'equipment.recalls.get',
    recallsActions: 'equipment.recalls.actions',
    recallsPreview: 'equipment.recalls.preview',
    recallsCreate: 'equipment.recalls.create',
    recallsUpdate: 'equipment.recalls.update',
    recallsCloseAction: 'equipment.recalls.close-action',
    recallsClose: 'equipment.recalls.close',
    recallsForDevice: 'equipment.recalls.for-device',
    /** The compliance report's recall section (the reports service). */
    reportRecalls: 'equipment.report.recalls',
    /** The feed of the inventory's audited changes with their devices (the notifying service). */
    activity: 'equipment.activity.changes',
    /** A department's devices out of service and open recall actions, bounded (the weekly digest). */
    digestDepartment: 'equipment.digest.department',
    health: 'equipment.health',
  },
  maintenance: {
    /** A task's photos and reports, a safety test's printout: page, attach, open, remove. */
    documentsList: 'maintenance.documents.list',
    documentsAttach: 'maintenance.documents.attach',
    documentsOpen: 'maintenance.documents.open',
    documentsRemove: 'maintenance.documents.remove',
    list: 'maintenance.tasks.list',
    get: 'maintenance.tasks.get',
    /** A device's maintenance history (its tasks, newest first), for anyone signed in. */
    deviceHistory: 'maintenance.tasks.device-history',
    /** A task's device and status (equipment, to check a task that closes a recall action). */
    taskRef: 'maintenance.tasks.ref',
    create: 'maintenance.tasks.create',
    update: 'maintenance.tasks.update',
    changeStatus: 'maintenance.tasks.status',
    recordWork: 'maintenance.tasks.work',
    certify: 'maintenance.tasks.certify',
    delete: 'maintenance.tasks.delete',
    reportIssue: 'maintenance.issues.report',
    /** A device's open fault reports (Report Issue's hint), for whoever may report a fault. */
    openFaults: 'maintenance.issues.open',
    /** Another account of an open fault, added to its task instead of filing a second one. */
    addToReport: 'maintenance.issues.add',
    createPlan: 'maintenance.plans.create',
    listPlans: 'maintenance.plans.list',
    getPlan: 'maintenance.plans.get',
    updatePlan: 'maintenance.plans.update',
    retirePlan: 'maintenance.plans.retire',
    /** The PM compliance figures and the totals of its two lists (a small answer, whatever the program). */
    compliance: 'maintenance.compliance',
    /** The compliance lists, a page at a time: the overdue occurrences, the devices without a plan. */
    complianceOverdue: 'maintenance.compliance.overdue',
    complianceUnplanned: 'maintenance.compliance.unplanned',
    /** The feed of how many active PM plans each device has (equipment, for its inventory filter). */
    pmCoverage: 'maintenance.plans.coverage',
    /** The dashboard's task figures: the summary now and 30 days earlier, the latest, overdue, awaiting certification. */
    dashboard: 'maintenance.dashboard',
    /** Report figures and detail pages (the reports service; see `report-data.ts`). */
    reportTasks: 'maintenance.report.tasks',
    reportOverdue: 'maintenance.report.overdue',
    reportWorkMix: 'maintenance.report.work-mix',
    reportStaff: 'maintenance.report.staff',
    reportParts: 'maintenance.report.parts',
    reportPartRows: 'maintenance.report.part-rows',
    reportCosts: 'maintenance.report.costs',
    reportDeviceCosts: 'maintenance.report.device-costs',
    /** The work of a page of devices, named by id (the cost of service ratio). */
    reportDeviceServiceCosts: 'maintenance.report.device-service-costs',
    reportCertification: 'maintenance.report.certification',
    reportAwaitingCertification: 'maintenance.report.awaiting-certification',
    /** Electrical-safety tests (IEC 62353): a device's tests and due date, one test, recording one. */
    safetyTestsOfDevice: 'maintenance.safety-tests.device',
    safetyTestGet: 'maintenance.safety-tests.get',
    safetyTestRecord: 'maintenance.safety-tests.record',
    /** An analyser file's rows (parsed by the gateway): the preview, and writing them. */
    safetyImportPreview: 'maintenance.safety-tests.import.preview',
    safetyImportApply: 'maintenance.safety-tests.import.apply',
    /** The compliance audit's safety-test figures and its failed tests, page by page. */
    reportSafetyTests: 'maintenance.report.safety-tests',
    reportFailedSafetyTests: 'maintenance.report.failed-safety-tests',
    /** The service's audit rows, newest first, filtered (the audit viewer, through the gateway). */
    auditPage: 'maintenance.audit.page',
    /** Whether the service's audit hash chain is intact (the compliance report; services only). */
    auditVerify: 'maintenance.audit.verify',
    /** The feed of tasks' and safety tests' audited changes with their records (the notifying service). */
    activity: 'maintenance.activity.changes',
    /** A person's open and overdue tasks and the PM due in a week, bounded (the weekly digest). */
    digestTasks: 'maintenance.digest.tasks',
    /** The PM occurrences, open and assigned, that became overdue on a date, paged (the notifying service). */
    pmBecameOverdue: 'maintenance.pm.became-overdue',
    /** The hospital currency (every amount is in it) and the labour rates by role (Admins keep them). */
    costSettings: 'maintenance.costs.settings',
    /**
     * The hospital currency alone, for anyone signed in (the reports write every amount in it; part
     * costs are on the tasks a Technician works): a cost settings answer, without the rates.
     */
    costCurrency: 'maintenance.costs.currency',
    setCostSettings: 'maintenance.costs.settings.set',
    labourRates: 'maintenance.costs.rates.list',
    addLabourRate: 'maintenance.costs.rates.add',
    withdrawLabourRate: 'maintenance.costs.rates.withdraw',
    /** What vendors charged for a task's work (costs): the list, written whole (read with the task). */
    recordVendorCharges: 'maintenance.tasks.vendor-charges.record',
    /** What a task's spare parts cost and who supplied them (costs): one entry per part, with the task's version. */
    recordPartCosts: 'maintenance.tasks.part-costs.record',
    health: 'maintenance.health',
  },
  reports: {
    generate: 'reports.generate',
    listJobs: 'reports.jobs.list',
    getJob: 'reports.jobs.get',
    /** A piece of a finished file (`ReportFileChunk`), so no message carries a whole file. */
    fileChunk: 'reports.file.chunk',
    listSchedules: 'reports.schedules.list',
    cancelSchedule: 'reports.schedules.cancel',
    /** The Managers' dashboard figure: the hospital's cost of service over the year, kept daily. */
    dashboardCostOfService: 'reports.dashboard.cost-of-service',
    /** The service's audit rows, newest first, filtered (the audit viewer, through the gateway). */
    auditPage: 'reports.audit.page',
    /** Whether the service's audit hash chain is intact (the compliance report; services only). */
    auditVerify: 'reports.audit.verify',
    health: 'reports.health',
  },
  notifications: {
    /** The signed-in person's own notifications (the bell), newest first, and marking them read. */
    list: 'notifications.list',
    markRead: 'notifications.read',
    markAllRead: 'notifications.read-all',
    /** The delivery record: each e-mail and SMS, sent, retried, failed or skipped, and why (Admins). */
    deliveries: 'notifications.deliveries',
    /** An e-mail's one-click unsubscribe (no session: the signed token says whose and what). */
    unsubscribe: 'notifications.unsubscribe',
    /** Who covers a department for urgent pages (Engineers and Admins read, Admins change). */
    onCallCover: 'notifications.on-call.cover',
    setCoveringEngineers: 'notifications.on-call.covering',
    addOnCallShift: 'notifications.on-call.add-shift',
    removeOnCallShift: 'notifications.on-call.remove-shift',
    auditPage: 'notifications.audit.page',
    auditVerify: 'notifications.audit.verify',
    health: 'notifications.health',
  },
} as const;

/** Queue groups: every replica of a service joins its group, so each request is handled once. */
export const QUEUE_GROUPS = {
  identity: 'identity',
  equipment: 'equipment',
  maintenance: 'maintenance',
  reports: 'reports',
  notifications: 'notifications',
} as const;

/** NATS subjects of domain events (published by the owner, forwarded to browsers by the gateway). */
export const EVENT_SUBJECT_PREFIX = 'events';
export const EVENT_SUBJECTS = {
  userSignedIn: 'events.identity.user-signed-in',
  /** Sessions that ended before their time: every gateway replica forgets them and closes their sockets. */
  sessionsEnded: 'events.identity.sessions-ended',
  /** A person's account changed (name, e-mail, settings): gateways drop what they cached of it. */
  userUpdated: 'events.identity.user-updated',
  equipmentCreated: 'events.equipment.created',
  equipmentUpdated: 'events.equipment.updated',
  equipmentStatusChanged: 'events.equipment.status-changed',
  equipmentDeleted: 'events.equipment.deleted',
  /** An inventory import was applied: one event for its many devices, so lists reload once. */
  equipmentImported: 'events.equipment.imported',
  /** An entry of the hospital lists was added, renamed, retired or restored: every browser reloads them. */
  listsChanged: 'events.equipment.lists-changed',
  taskCreated: 'events.maintenance.task-created',
  taskUpdated: 'events.maintenance.task-updated',
  taskStatusChanged: 'events.maintenance.task-status-changed',
  taskWorkUpdated: 'events.maintenance.task-work-updated',
  taskCompleted: 'events.maintenance.task-completed',
  taskCertified: 'events.maintenance.task-certified',
  taskDeleted: 'events.maintenance.task-deleted',
  /** A report moved (queued, running, done, failed): only its owner's sockets receive it. */
  reportProgress: 'events.reports.progress',
  /** A notification for one person (`NotificationUserEvent`): only their sockets receive it. */
  notificationCreated: 'events.notifications.created',
  /** One person's unread count changed by a read: their other tabs and devices follow. */
  notificationsRead: 'events.notifications.read',
} as const;

/** Task events: a Technician's sockets receive only those of tasks assigned to them. */
export const TASK_EVENT_SUBJECTS: readonly string[] = [
  EVENT_SUBJECTS.taskCreated,
  EVENT_SUBJECTS.taskUpdated,
  EVENT_SUBJECTS.taskStatusChanged,
  EVENT_SUBJECTS.taskWorkUpdated,
  EVENT_SUBJECTS.taskCompleted,
  EVENT_SUBJECTS.taskCertified,
  EVENT_SUBJECTS.taskDeleted,
];

/** Which NATS domain event reaches the browsers under which live event name. */
export const LIVE_EVENT_OF_SUBJECT = {
  [EVENT_SUBJECTS.equipmentCreated]: 'equipment:created',
  [EVENT_SUBJECTS.equipmentUpdated]: 'equipment:updated',
  [EVENT_SUBJECTS.equipmentStatusChanged]: 'equipment:statusChanged',
  [EVENT_SUBJECTS.equipmentDeleted]: 'equipment:deleted',
  [EVENT_SUBJECTS.equipmentImported]: 'equipment:imported',
  [EVENT_SUBJECTS.listsChanged]: 'lists:changed',
  [EVENT_SUBJECTS.taskCreated]: 'task:created',
  [EVENT_SUBJECTS.taskUpdated]: 'task:updated',
  [EVENT_SUBJECTS.taskStatusChanged]: 'task:statusChanged',
  [EVENT_SUBJECTS.taskWorkUpdated]: 'task:workUpdated',
  [EVENT_SUBJECTS.taskCompleted]: 'task:completed',
  [EVENT_SUBJECTS.taskCertified]: 'task:certified',
  [EVENT_SUBJECTS.taskDeleted]: 'task:deleted',
} as const satisfies Record<string, LiveEvent>;
