import type { DomainServiceName } from './services';
import { SUBJECTS } from './subjects';

/**
 * Which other services' subjects each domain service calls, and nothing else: the senders
 * allowed on those subjects (`SUBJECT_SENDERS`) and the NATS permissions of each service are
 * made from this list, so a service calling a new subject needs its line here.
 */
export const SERVICE_CALLS: Readonly<Partial<Record<DomainServiceName, readonly string[]>>> = {
  maintenance: [
    SUBJECTS.equipment.ref,
    SUBJECTS.equipment.applyTaskEffect,
    SUBJECTS.identity.assignee,
    SUBJECTS.equipment.riskChanges,
    // The demo seed places its tasks on the inventory and the roster it finds.
    SUBJECTS.equipment.list,
    SUBJECTS.identity.assignees,
  ],
  // The inventory's "in the PM program but without a plan" filter reads plan coverage.
  equipment: [SUBJECTS.maintenance.pmCoverage],
};

/** Subjects for services only: the gateway never sends them for a person. */
export const SERVICE_ONLY_SUBJECTS: readonly string[] = [
  SUBJECTS.equipment.applyTaskEffect,
  SUBJECTS.equipment.riskChanges,
  SUBJECTS.maintenance.pmCoverage,
];
