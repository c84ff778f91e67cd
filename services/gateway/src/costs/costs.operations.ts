import {
  addLabourRateSchema,
  costSettingsSchema,
  labourRatePageSchema,
  labourRateQuerySchema,
  labourRateSchema,
  removedRecordSchema,
  setCostSettingsSchema,
  SUBJECTS,
} from '@caliber/contracts';
import { ADMINS, operation, SUPERVISORS, type ApiOperation } from '../api/operation';

/**
 * What the work costs the hospital: its currency and the loaded hourly rate of each role, kept by
 * the maintenance service (which prices the tasks' hours). Costs are for those who oversee the
 * work: Engineers, Managers and Admins read them, Admins change them, Technicians never see them.
 */
export const COSTS_OPERATIONS = {
  getCostSettings: operation({
    operationId: 'getCostSettings',
    method: 'get',
    path: '/api/cost-settings',
    tag: 'Costs',
    summary: 'The hospital currency (Engineers, Managers and Admins)',
    description:
      'The ISO 4217 code every amount of the hospital is in: labour rates, part costs, acquisition costs. `null` until an Admin sets it.',
    callers: SUPERVISORS,
    answer: { status: 200, description: 'The hospital currency.', schema: costSettingsSchema },
    forward: { subject: SUBJECTS.maintenance.costSettings },
  }),
  setCostSettings: operation({
    operationId: 'setCostSettings',
    method: 'put',
    path: '/api/cost-settings',
    tag: 'Costs',
    summary: 'Set the hospital currency (Admins)',
    description:
      'An ISO 4217 code (`GHS`, `USD`, `EUR`…). Amounts already recorded are not converted: they are read in the new currency, so change it only to correct it. Audited.',
    callers: ADMINS,
    body: setCostSettingsSchema,
    answer: { status: 200, description: 'The hospital currency.', schema: costSettingsSchema },
    refusals: { 400: 'Not an ISO 4217 currency code.' },
    forward: { subject: SUBJECTS.maintenance.setCostSettings },
  }),
  listLabourRates: operation({
    operationId: 'listLabourRates',
    method: 'get',
    path: '/api/labour-rates',
    tag: 'Costs',
    summary: 'The labour rates by role (Engineers, Managers and Admins)',
    description:
      'Each role’s loaded hourly rate (pay, on-costs and overheads) with the day it applies from and the day the next one starts (`until`). `inForce` holds the rate of each role in force today, in the hospital’s time zone. `role` filters the page. Answers `{currency, inForce, rows, total, page, pages, limit}` (`limit` 50 by default, at most 100), rows by role and newest first within a role.',
    callers: SUPERVISORS,
    query: labourRateQuerySchema,
    answer: { status: 200, description: 'The rates.', schema: labourRatePageSchema },
    forward: { subject: SUBJECTS.maintenance.labourRates },
  }),
  addLabourRate: operation({
    operationId: 'addLabourRate',
    method: 'post',
    path: '/api/labour-rates',
    tag: 'Costs',
    summary: 'Add a labour rate for a role (Admins)',
    description:
      'A task’s hours are priced at the rate in force on the day the work was done, so a new rate never rewrites the past: a role’s first rate may start on any date (work before it had no price), a later one starts after the role’s latest and no earlier than today (the hospital’s date), and at most 366 days ahead. The hospital currency must be set first. A role holds at most 100 rates. Audited.',
    callers: ADMINS,
    body: addLabourRateSchema,
    answer: { status: 201, description: 'The rate.', schema: labourRateSchema },
    refusals: {
      400: 'A bad role, rate or date; a date before today or before the role’s latest rate; no currency set yet.',
      409: 'The role has a rate from that day already.',
    },
    forward: { subject: SUBJECTS.maintenance.addLabourRate },
  }),
  withdrawLabourRate: operation({
    operationId: 'withdrawLabourRate',
    method: 'delete',
    path: '/api/labour-rates/{id}',
    tag: 'Costs',
    summary: 'Withdraw a labour rate before its first day (Admins)',
    description:
      'Only a rate that has not started: one that has priced work stays, and is corrected by adding the right rate from today. Audited. Answers the id of the rate withdrawn.',
    callers: ADMINS,
    answer: { status: 200, description: 'The id of the rate withdrawn.', schema: removedRecordSchema },
    refusals: { 404: 'No such rate.', 409: 'The rate has started: it priced work already.' },
    forward: { subject: SUBJECTS.maintenance.withdrawLabourRate },
  }),
} as const satisfies Record<string, ApiOperation>;
