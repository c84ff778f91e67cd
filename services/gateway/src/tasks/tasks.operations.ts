import {
  addedReportSchema,
  addToReportSchema,
  certifyTaskSchema,
  changeTaskStatusSchema,
  complianceListQuerySchema,
  complianceQuerySchema,
  createPmPlanSchema,
  createTaskSchema,
  deviceHistoryPageSchema,
  deviceHistoryQuerySchema,
  listPmPlansQuerySchema,
  listTasksQuerySchema,
  openFaultPageSchema,
  openFaultsQuerySchema,
  overduePmPageSchema,
  pmComplianceResponseSchema,
  pmPlanCreatedResponseSchema,
  pmPlanDtoSchema,
  pmPlanListResponseSchema,
  recordPartCostsSchema,
  recordVendorChargesSchema,
  recordWorkSchema,
  reportIssueSchema,
  retirePmPlanSchema,
  SUBJECTS,
  taskCreatedResponseSchema,
  taskDeletedResponseSchema,
  taskDetailSchema,
  taskDtoSchema,
  taskListResponseSchema,
  taskVendorChargesSchema,
  unplannedDevicesPageSchema,
  updatePmPlanSchema,
  updateTaskSchema,
  type Role,
} from '@caliber/contracts';
import { ENGINEERS, operation, STAFF, SUPERVISORS, type ApiOperation, type Callers } from '../api/operation';
import { COMMON_REFUSALS } from '../api/refusals';

/**
 * Everyone who works on tasks: a Technician changes the status of, and records work on, their own
 * tasks (the maintenance service decides which are theirs); a Manager only reads.
 */
const WORKERS: readonly Role[] = ['Technician', 'Engineer', 'Admin'];

/**
 * Who may report a fault (Report Issue): they may also see a device's open faults and add their
 * account to one, so whoever is given Report Issue is given the duplicate hint with it.
 */
const FAULT_REPORTERS: Callers = 'signed-in';

/**
 * Tasks, PM plans and PM compliance, and a device's maintenance history: the maintenance service
 * keeps them all and checks every rule again (a Technician's own task, a certified task's record).
 * Certifying keeps a handler of its own: it takes no body, or `{version}`.
 */
export const TASKS_OPERATIONS = {
  listTasks: operation({
    operationId: 'listTasks',
    method: 'get',
    path: '/api/tasks',
    tag: 'Tasks',
    summary: 'One page of tasks, with counts by status',
    description:
      'Technicians get the tasks assigned to them and the faults they reported (whatever the query says; a reported task assigned to someone else is theirs to read only); `my=1` asks for the tasks assigned to you, `reported=1` for those you reported. Search matches title, device, serial number, assignee and description. Answers `{tasks, total, page, pages, limit, counts}`; `counts` (total, pending, inProgress, completed) applies every filter but the status.',
    callers: 'signed-in',
    query: listTasksQuerySchema,
    answer: { status: 200, description: 'The page.', schema: taskListResponseSchema },
    // The service reads the list's query as the whole message.
    forward: { subject: SUBJECTS.maintenance.list, message: ({ query }) => query },
  }),
  getTask: operation({
    operationId: 'getTask',
    method: 'get',
    path: '/api/tasks/{id}',
    tag: 'Tasks',
    summary: 'One task with its spare parts, status history and audit trail',
    callers: 'signed-in',
    answer: {
      status: 200,
      description:
        'The task, `statusHistory` and `audit` (newest first, at most 100 each, with their totals).',
      schema: taskDetailSchema,
    },
    refusals: { 404: 'No such task, or (for a Technician) neither assigned to them nor reported by them.' },
    forward: { subject: SUBJECTS.maintenance.get },
  }),
  createTask: operation({
    operationId: 'createTask',
    method: 'post',
    path: '/api/tasks',
    tag: 'Tasks',
    summary: 'Create a task (Engineers and Admins)',
    description:
      "The one create body of the Assign Task modal and the Create Task form: the device is `equipmentId`; `taskType` defaults to Repair. A Preventive task names `pmType` and `pmInterval` and schedules a PM plan (on the manufacturer's schedule) whose first occurrence it is, due on `dueDate` (required), Pending, without comments; `task.plan` names the plan. The assignee must be active and approved to receive tasks. Answers `{task}`.",
    callers: ENGINEERS,
    body: createTaskSchema,
    answer: { status: 201, description: '`{task}`', schema: taskCreatedResponseSchema },
    refusals: {
      403: 'Engineers and Admins only; others report faults with Report Issue.',
      404: 'The device is not in the inventory.',
      409: 'A Preventive task on a Decommissioned or Auctioned device.',
    },
    forward: { subject: SUBJECTS.maintenance.create },
    changesDashboardFigures: true,
  }),
  updateTask: operation({
    operationId: 'updateTask',
    method: 'put',
    path: '/api/tasks/{id}',
    tag: 'Tasks',
    summary: 'Edit or (re)assign a task (Engineers and Admins)',
    description: 'Send only what changes; send `version` to refuse overwriting a newer change (409).',
    callers: ENGINEERS,
    body: updateTaskSchema,
    answer: { status: 200, description: 'The task.', schema: taskDtoSchema },
    refusals: {
      404: 'No such task.',
      409: 'Stale version, the task is certified, a PM occurrence would lose its schedule, or a task would turn Preventive (schedule a PM plan instead).',
    },
    forward: { subject: SUBJECTS.maintenance.update },
    changesDashboardFigures: true,
  }),
  changeTaskStatus: operation({
    operationId: 'changeTaskStatus',
    method: 'put',
    path: '/api/tasks/{id}/status',
    tag: 'Tasks',
    summary: 'Change the status of a task',
    description:
      'Engineers and Admins change any; a Technician moves their own between Pending, In Progress and Completed. Completing sets `completedDate` and `needsCertification`; reopening clears them. A task is started or completed only when assigned; a certified task is final.',
    callers: WORKERS,
    body: changeTaskStatusSchema,
    answer: { status: 200, description: 'The task.', schema: taskDtoSchema },
    refusals: {
      403: 'Not yours to change, or Managers (who only read).',
      404: 'No such task, or not one of yours.',
      409: 'Stale version, unassigned, or certified.',
    },
    forward: { subject: SUBJECTS.maintenance.changeStatus },
    changesDashboardFigures: true,
  }),
  recordTaskWork: operation({
    operationId: 'recordTaskWork',
    method: 'put',
    path: '/api/tasks/{id}/work',
    tag: 'Tasks',
    summary: 'Record the work done: fault, repair, spare parts, hours',
    description:
      'The spare parts replace the previous list. A Technician records work on their own uncertified tasks; Engineers and Admins on any uncertified task.',
    callers: WORKERS,
    body: recordWorkSchema,
    answer: { status: 200, description: 'The task.', schema: taskDtoSchema },
    refusals: {
      403: 'Not yours, or Managers.',
      404: 'No such task, or not one of yours.',
      409: 'Stale version, certified or cancelled.',
    },
    forward: { subject: SUBJECTS.maintenance.recordWork },
  }),
  recordTaskVendorCharges: operation({
    operationId: 'recordTaskVendorCharges',
    method: 'put',
    path: '/api/tasks/{id}/vendor-charges',
    tag: 'Tasks',
    summary: 'Record what vendors charged for the work (Engineers, Managers and Admins)',
    description:
      'The whole list (at most 20), replacing the previous one, with the `version` of the list you read (`vendorCharges.version` of the task): a change made meanwhile is refused (409), not overwritten. The list has its own version, so recording an invoice never refuses the work record. Each charge names a vendor of the list (`vendorId`), the visit date (not after today), the invoice number, the amount in the hospital currency (two decimals at most) and notes; a vendor new to the task must be active, one already on it may stay once retired, and each keeps the name it was recorded under. Part of the task’s cost with its labour and parts; costs are not for Technicians. Audited with the old and new lists.',
    callers: SUPERVISORS,
    body: recordVendorChargesSchema,
    answer: { status: 200, description: 'The task’s vendor charges.', schema: taskVendorChargesSchema },
    refusals: {
      400: 'A bad charge: an unknown or retired vendor, a visit after today, an amount below 0 or with more than two decimals, more than 20 charges.',
      404: 'No such task.',
      409: 'Stale version.',
      503: COMMON_REFUSALS[503],
    },
    forward: { subject: SUBJECTS.maintenance.recordVendorCharges },
  }),
  recordTaskPartCosts: operation({
    operationId: 'recordTaskPartCosts',
    method: 'put',
    path: '/api/tasks/{id}/part-costs',
    tag: 'Tasks',
    summary: 'Record what the spare parts cost and who supplied them (Engineers, Managers and Admins)',
    description:
      'One entry per spare part of the task, in the task’s order: its unit cost in the hospital currency (two decimals at most, null when not known) and the vendor it was bought from (`supplierId`, a vendor of the list, or null). Sent with the task’s `version`: parts corrected meanwhile are refused (409) rather than priced against parts you never saw. A supplier new to the task must be active; one already on it may stay once retired, and keeps the name it was recorded under. Prices may be recorded on a certified task, as the invoice comes after the job. A technician saving the work record again keeps each part’s supplier while the part (its name in any case and its description) stays on the list. Audited as `part-costs-recorded`, which only those who read costs see.',
    callers: SUPERVISORS,
    body: recordPartCostsSchema,
    answer: { status: 200, description: 'The task.', schema: taskDtoSchema },
    refusals: {
      400: 'Not one entry per part, a unit cost below 0 or with more than two decimals, an unknown or retired vendor.',
      404: 'No such task.',
      409: 'Stale version: the parts changed since they were read.',
      503: COMMON_REFUSALS[503],
    },
    forward: { subject: SUBJECTS.maintenance.recordPartCosts },
  }),
  certifyTask: operation({
    operationId: 'certifyTask',
    method: 'put',
    path: '/api/tasks/{id}/certify',
    tag: 'Tasks',
    summary: 'Certify completed work (Engineers and Admins)',
    description:
      'Once, on a Completed task awaiting certification. No body, or `{version}` to refuse certifying work changed since it was read (409). The device returns to Serviceable (unless Decommissioned or Auctioned, or another Repair task on it is still open), with a status-history row naming the task, delivered to the equipment service exactly once even if it is down now.',
    callers: ENGINEERS,
    body: certifyTaskSchema,
    // The spec's call sends no body; the task screens send the version they show.
    bodyOptional: true,
    answer: { status: 200, description: 'The certified task.', schema: taskDtoSchema },
    refusals: {
      404: 'No such task.',
      409: 'Not completed, not awaiting certification, or already certified.',
      503: COMMON_REFUSALS[503],
    },
    changesDashboardFigures: true,
  }),
  deleteTask: operation({
    operationId: 'deleteTask',
    method: 'delete',
    path: '/api/tasks/{id}',
    tag: 'Tasks',
    summary: 'Remove a task (Engineers and Admins)',
    description:
      'The task leaves the lists; its history and audit record are kept. Certified work is the record the inventory was changed from and is not deleted (409).',
    callers: ENGINEERS,
    answer: { status: 200, description: '`{_id}`', schema: taskDeletedResponseSchema },
    refusals: {
      404: 'No such task.',
      409: 'The work is certified, or the task is a PM occurrence (cancel it, or retire its plan).',
    },
    forward: { subject: SUBJECTS.maintenance.delete },
    changesDashboardFigures: true,
  }),
  reportIssue: operation({
    operationId: 'reportIssue',
    method: 'post',
    path: '/api/maintenance/report',
    tag: 'Tasks',
    summary: 'Report a fault on a device (anyone signed in)',
    description:
      'Creates an unassigned Pending Repair task (priority from the severity: Critical is Urgent) naming the reporter, who is always the signed-in person (`reportedBy` is ignored), and takes a Serviceable device out of use (Unserviceable). Answers `{task}`.',
    callers: FAULT_REPORTERS,
    body: reportIssueSchema,
    answer: { status: 201, description: '`{task}`', schema: taskCreatedResponseSchema },
    refusals: { 404: 'The device is not in the inventory.' },
    forward: { subject: SUBJECTS.maintenance.reportIssue },
    changesDashboardFigures: true,
  }),
  listOpenFaults: operation({
    operationId: 'listOpenFaults',
    method: 'get',
    path: '/api/equipment/{id}/open-faults',
    tag: 'Tasks',
    summary: "A device's open fault reports (whoever may report a fault)",
    description:
      'What Report Issue shows before a second report of the same fault: the Repair tasks on the device that are neither completed, cancelled nor certified, whoever they are assigned to, newest first, each with its reporter, assignee and how many accounts were added to it. `limit` 3 by default, at most 20. A device without open faults (or not in the inventory) has an empty page.',
    callers: FAULT_REPORTERS,
    query: openFaultsQuerySchema,
    answer: {
      status: 200,
      description: '`{faults, total, page, pages, limit}`',
      schema: openFaultPageSchema,
    },
    refusals: { 404: 'Not a device id.' },
    // The service names the path's id for what it is: the device's.
    forward: {
      subject: SUBJECTS.maintenance.openFaults,
      message: ({ id, query }) => ({ equipmentId: id, query }),
    },
  }),
  addToFaultReport: operation({
    operationId: 'addToFaultReport',
    method: 'post',
    path: '/api/tasks/{id}/reports',
    tag: 'Tasks',
    summary: 'Add your account to an open fault report instead of filing a second one',
    description:
      "Whoever may report a fault, whoever the task is assigned to: `description` (required, at most 4000 characters) is kept with the task as another report of its fault, with who added it and when, shown in the task's details and audited (`report-added`). The task's fields and version do not change. The person who added it may then open the task's details as its reporter does. Answers the added report.",
    callers: FAULT_REPORTERS,
    body: addToReportSchema,
    answer: { status: 201, description: 'The added report.', schema: addedReportSchema },
    refusals: {
      404: 'No such task.',
      409: 'The task is not a fault report (Repair), or it was completed, cancelled or certified meanwhile: report the fault as a new issue.',
    },
    forward: { subject: SUBJECTS.maintenance.addToReport },
  }),
  schedulePreventiveMaintenance: operation({
    operationId: 'schedulePreventiveMaintenance',
    method: 'post',
    path: '/api/maintenance/schedule',
    tag: 'Tasks',
    summary: 'Schedule recurring preventive maintenance: a PM plan (Engineers and Admins)',
    description:
      'Creates the plan and its first occurrence, a Preventive task due on `firstDueDate`. Certifying an occurrence creates the next one, due where the schedule puts it (counted from the first due date). An alternative maintenance schedule needs its `justification`. Answers `{plan, task}`.',
    callers: ENGINEERS,
    body: createPmPlanSchema,
    answer: { status: 201, description: '`{plan, task}`', schema: pmPlanCreatedResponseSchema },
    refusals: { 404: 'The device is not in the inventory.' },
    forward: { subject: SUBJECTS.maintenance.createPlan },
    changesDashboardFigures: true,
  }),
  getPmCompliance: operation({
    operationId: 'getPmCompliance',
    method: 'get',
    path: '/api/maintenance/compliance',
    tag: 'Tasks',
    summary: 'PM compliance for a period (anyone signed in)',
    description:
      'For the PM occurrences due from `from` to `to` (default: this month), optionally of one department or category: due, completed on time (on or before the due date), late, missed (not done and past due, or cancelled), pending (not yet due), and the rate on time / (due − pending); overall, for high-risk and for life-support devices. Also how many occurrences are overdue now, whatever their due date (`overdue.total`; a Technician: of their own work), and how many devices in the PM program have no active plan (`unplanned.total`); the lists themselves are `GET /api/maintenance/compliance/overdue` and `/unplanned`.',
    callers: STAFF,
    query: complianceQuerySchema,
    answer: {
      status: 200,
      description:
        '`{from, to, today, department, category, overall, highRisk, lifeSupport, overdue: {total}, unplanned: {total}, riskDataAsOf}`',
      schema: pmComplianceResponseSchema,
    },
    forward: { subject: SUBJECTS.maintenance.compliance },
  }),
  listOverduePm: operation({
    operationId: 'listOverduePm',
    method: 'get',
    path: '/api/maintenance/compliance/overdue',
    tag: 'Tasks',
    summary: 'A page of the overdue PM occurrences (anyone signed in; a Technician: their own)',
    description:
      'Every occurrence of a PM plan whose due date has passed and that is neither completed nor cancelled, whatever its due date, earliest due first; optionally of one `department` or `category`. A Technician gets only the occurrences assigned to them. Answers `{items, total, page, pages, limit, today}` (`limit` 25 by default, at most 100; `today` is the day the days overdue are counted to).',
    callers: STAFF,
    query: complianceListQuerySchema,
    answer: {
      status: 200,
      description: '`{items, total, page, pages, limit, today}`',
      schema: overduePmPageSchema,
    },
    forward: { subject: SUBJECTS.maintenance.complianceOverdue },
  }),
  listUnplannedPmDevices: operation({
    operationId: 'listUnplannedPmDevices',
    method: 'get',
    path: '/api/maintenance/compliance/unplanned',
    tag: 'Tasks',
    summary: 'A page of the devices in the PM program without an active plan (anyone signed in)',
    description:
      'Devices whose risk assessment puts them in the PM program, in use (not retired or removed), that no active plan covers; life support first, then high risk, then by name; optionally of one `department` or `category`. Answers `{items, total, page, pages, limit}` (`limit` 25 by default, at most 100).',
    callers: STAFF,
    query: complianceListQuerySchema,
    answer: {
      status: 200,
      description: '`{items, total, page, pages, limit}`',
      schema: unplannedDevicesPageSchema,
    },
    forward: { subject: SUBJECTS.maintenance.complianceUnplanned },
  }),
  listPmPlans: operation({
    operationId: 'listPmPlans',
    method: 'get',
    path: '/api/maintenance/plans',
    tag: 'Tasks',
    summary: 'PM plans, newest first (anyone signed in)',
    description:
      '`state` active (default), retired or all; `equipment` for one device. Answers `{plans, total, page, pages, limit}`.',
    callers: STAFF,
    query: listPmPlansQuerySchema,
    answer: {
      status: 200,
      description: '`{plans, total, page, pages, limit}`',
      schema: pmPlanListResponseSchema,
    },
    forward: { subject: SUBJECTS.maintenance.listPlans },
  }),
  getPmPlan: operation({
    operationId: 'getPmPlan',
    method: 'get',
    path: '/api/maintenance/plans/{id}',
    tag: 'Tasks',
    summary: 'One PM plan with its schedule (anyone signed in)',
    description: 'The plan, with the next occurrence to be created and its due date.',
    callers: STAFF,
    answer: { status: 200, description: 'The plan.', schema: pmPlanDtoSchema },
    refusals: { 404: 'No such plan.' },
    forward: { subject: SUBJECTS.maintenance.getPlan },
  }),
  updatePmPlan: operation({
    operationId: 'updatePmPlan',
    method: 'put',
    path: '/api/maintenance/plans/{id}',
    tag: 'Tasks',
    summary: 'Change a PM plan (Engineers and Admins)',
    description:
      'Changes apply to occurrences created from now on; occurrences already created, finished or not, keep what they have. A new `interval` or `nextDueDate` re-anchors the schedule at the next occurrence not created yet. Send `version` to refuse overwriting a newer change (409).',
    callers: ENGINEERS,
    body: updatePmPlanSchema,
    answer: { status: 200, description: 'The plan.', schema: pmPlanDtoSchema },
    refusals: { 404: 'No such plan.', 409: 'Retired, or changed since `version`.' },
    forward: { subject: SUBJECTS.maintenance.updatePlan },
    changesDashboardFigures: true,
  }),
  retirePmPlan: operation({
    operationId: 'retirePmPlan',
    method: 'put',
    path: '/api/maintenance/plans/{id}/retire',
    tag: 'Tasks',
    summary: 'Retire a PM plan (Engineers and Admins)',
    description:
      'No more occurrences are created. Occurrences not started and not yet due are withdrawn; those started, finished or overdue stay, so retiring a plan never hides a missed PM. The reason is recorded.',
    callers: ENGINEERS,
    body: retirePmPlanSchema,
    answer: { status: 200, description: 'The retired plan.', schema: pmPlanDtoSchema },
    refusals: { 404: 'No such plan.', 409: 'Already retired, or changed since `version`.' },
    forward: { subject: SUBJECTS.maintenance.retirePlan },
    changesDashboardFigures: true,
  }),
  getEquipmentMaintenanceHistory: operation({
    operationId: 'getEquipmentMaintenanceHistory',
    method: 'get',
    path: '/api/equipment/{id}/maintenance',
    tag: 'Equipment',
    summary: "One page of a device's maintenance history: its tasks, newest first",
    description:
      'Anyone signed in, a Technician included, whoever each task was assigned to: read-only, each task with its type, status, dates, assignee, reporter, fault, repair details, spare parts and certification (not the notes, hours or costs). A device without tasks has an empty page.',
    callers: STAFF,
    query: deviceHistoryQuerySchema,
    answer: {
      status: 200,
      description: '`{tasks, total, page, pages, limit}`',
      schema: deviceHistoryPageSchema,
    },
    refusals: { 404: 'Not a device id.' },
    // The service names the path's id for what it is: the device's.
    forward: {
      subject: SUBJECTS.maintenance.deviceHistory,
      message: ({ id, query }) => ({ equipmentId: id, query }),
    },
  }),
} as const satisfies Record<string, ApiOperation>;
