import { DOMAIN_SERVICE_NAMES, type DomainServiceName } from './services';
import { SUBJECTS } from './subjects';

/** The figures and pages the domain services answer the reports service (and nobody else). */
export const REPORT_DATA_SUBJECTS: readonly string[] = [
  SUBJECTS.equipment.reportStatus,
  SUBJECTS.equipment.reportNotServiceable,
  SUBJECTS.equipment.reportWarranties,
  SUBJECTS.equipment.reportDowntime,
  SUBJECTS.equipment.reportDowntimeDevices,
  SUBJECTS.equipment.reportInventory,
  SUBJECTS.equipment.reportRecalls,
  SUBJECTS.equipment.reportOwnership,
  SUBJECTS.maintenance.reportTasks,
  SUBJECTS.maintenance.reportOverdue,
  SUBJECTS.maintenance.reportWorkMix,
  SUBJECTS.maintenance.reportStaff,
  SUBJECTS.maintenance.reportParts,
  SUBJECTS.maintenance.reportPartRows,
  SUBJECTS.maintenance.reportCosts,
  SUBJECTS.maintenance.reportDeviceCosts,
  SUBJECTS.maintenance.reportDeviceServiceCosts,
  SUBJECTS.maintenance.reportCertification,
  SUBJECTS.maintenance.reportAwaitingCertification,
  SUBJECTS.maintenance.reportSafetyTests,
  SUBJECTS.maintenance.reportFailedSafetyTests,
];

/** Each service's audit chain check, asked by the reports service only (every service has one). */
export const AUDIT_VERIFY_SUBJECTS: readonly string[] = DOMAIN_SERVICE_NAMES.map(
  (name) => SUBJECTS[name].auditVerify,
);

/**
 * Which other services' subjects each domain service calls, and nothing else: the senders
 * allowed on those subjects (`SUBJECT_SENDERS`) and the NATS permissions of each service are
 * made from this list, so a service calling a new subject needs its line here.
 */
export const SERVICE_CALLS: Readonly<Partial<Record<DomainServiceName, readonly string[]>>> = {
  maintenance: [
    SUBJECTS.equipment.ref,
    // An analyser file's rows find their devices by serial number.
    SUBJECTS.equipment.bySerials,
    SUBJECTS.equipment.applyTaskEffect,
    SUBJECTS.identity.assignee,
    SUBJECTS.equipment.riskChanges,
    // The demo seed places its tasks on the inventory and the roster it finds.
    SUBJECTS.equipment.list,
    SUBJECTS.identity.assignees,
    // Renamed departments and categories reach the device details kept on tasks and PM plans.
    SUBJECTS.equipment.listChanges,
    // A task's vendor charges and its parts' suppliers name vendors of the managed list, checked
    // and named by equipment.
    SUBJECTS.equipment.vendorRefs,
  ],
  // The roster keeps a copy of the department list (renames reach staff; departments are checked).
  identity: [SUBJECTS.equipment.listChanges],
  // The inventory's "in the PM program but without a plan" filter reads plan coverage.
  // A recall action closed by a task reads that task's device and status.
  // A device's acquisition cost is written in the hospital currency, which maintenance keeps.
  equipment: [
    SUBJECTS.maintenance.pmCoverage,
    SUBJECTS.maintenance.taskRef,
    SUBJECTS.maintenance.costCurrency,
  ],
  // Reports read only figures and pages the owners compute (never another schema), the PM
  // compliance the Maintenance page shows (its figures, and the first page of each of its lists),
  // and who may receive tasks (the staff figures).
  // The owner of a schedule is asked about before each run: a deactivated or removed person's
  // schedule stops, and a changed role applies.
  reports: [
    ...REPORT_DATA_SUBJECTS,
    SUBJECTS.maintenance.compliance,
    SUBJECTS.maintenance.complianceOverdue,
    SUBJECTS.maintenance.complianceUnplanned,
    SUBJECTS.identity.assignees,
    SUBJECTS.identity.standing,
    // A report's departments and categories are read against the hospital lists.
    SUBJECTS.equipment.lists,
    // The compliance report's "Audit trail integrity": each service's chain, its own included.
    ...AUDIT_VERIFY_SUBJECTS,
    // Every amount of a report is written in the hospital currency an Admin set.
    SUBJECTS.maintenance.costCurrency,
  ],
  // The notifying service follows the audited changes of tasks, safety tests and the inventory,
  // and asks identity who is to be told and where.
  notifications: [
    SUBJECTS.maintenance.activity,
    SUBJECTS.equipment.activity,
    SUBJECTS.identity.notificationRecipients,
    SUBJECTS.identity.turnOffNotifications,
    // The weekly digest: a person's tasks and their department's devices, from their owners.
    SUBJECTS.maintenance.digestTasks,
    SUBJECTS.equipment.digestDepartment,
    // PM falling overdue: the occurrences that did, each day.
    SUBJECTS.maintenance.pmBecameOverdue,
    // Service contracts coming up for renewal, each day.
    SUBJECTS.equipment.contractsRenewalDue,
    // The department an on-call rota is kept for is read against the hospital lists.
    SUBJECTS.equipment.lists,
  ],
};

/** Subjects for services only: the gateway never sends them for a person. */
export const SERVICE_ONLY_SUBJECTS: readonly string[] = [
  SUBJECTS.equipment.ref,
  SUBJECTS.equipment.bySerials,
  SUBJECTS.identity.assignee,
  SUBJECTS.identity.standing,
  SUBJECTS.equipment.applyTaskEffect,
  SUBJECTS.equipment.riskChanges,
  SUBJECTS.maintenance.pmCoverage,
  SUBJECTS.maintenance.taskRef,
  SUBJECTS.equipment.listChanges,
  SUBJECTS.maintenance.activity,
  SUBJECTS.equipment.activity,
  SUBJECTS.identity.notificationRecipients,
  SUBJECTS.identity.turnOffNotifications,
  SUBJECTS.maintenance.digestTasks,
  SUBJECTS.equipment.digestDepartment,
  SUBJECTS.maintenance.pmBecameOverdue,
  SUBJECTS.equipment.contractsRenewalDue,
  SUBJECTS.equipment.vendorRefs,
  SUBJECTS.maintenance.costCurrency,
  ...REPORT_DATA_SUBJECTS,
  ...AUDIT_VERIFY_SUBJECTS,
];
