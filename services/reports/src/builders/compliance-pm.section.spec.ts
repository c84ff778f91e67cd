import {
  SUBJECTS,
  type ActingUser,
  type ComplianceFigures,
  type OverduePmItem,
  type OverduePmPage,
  type PmComplianceResponse,
  type UnplannedDevice,
  type UnplannedDevicesPage,
} from '@caliber/contracts';
import type { ReportDataClient } from '../data/report-data.client';
import type { BuildContext } from './build-context';
import { pmCompliance } from './compliance-pm.section';

const user: ActingUser = { id: 'u-1', role: 'Engineer', name: 'Erin Engineer', serviceNumber: 'E-1' };

const figures = (onTime: number, missed: number): ComplianceFigures => ({
  due: onTime + missed,
  onTime,
  late: 0,
  missed,
  pending: 0,
  rate: onTime / (onTime + missed),
});

function overdueItem(department: string, at: number, dueDate: string): OverduePmItem {
  return {
    taskId: `${department}-task-${at}`,
    planId: `${department}-plan-${at}`,
    title: `${department} PM ${at}`,
    equipment: { _id: `eq-${at}`, name: 'Pump', serialNumber: `SN-${at}`, department, category: 'Pump' },
    dueDate,
    daysOverdue: 1,
    status: 'Pending',
    priority: 'Medium',
    interval: 'Monthly',
    assignedTo: null,
    highRisk: false,
    lifeSupport: false,
  };
}

function device(department: string, name: string, lifeSupport: boolean): UnplannedDevice {
  return {
    equipmentId: `${department}-${name}`,
    name,
    serialNumber: `SN-${name}`,
    department,
    category: 'Ventilator',
    riskClass: 'High',
    highRisk: lifeSupport,
    lifeSupport,
  };
}

/**
 * The maintenance service as the reports service reaches it: each department answers its figures,
 * 120 overdue occurrences (the first 100 on the first page) and its devices without a plan.
 */
function maintenance() {
  const asked: { subject: string; query: Record<string, unknown> }[] = [];
  const ask = (subject: string, payload: { query: Record<string, unknown> }) => {
    const { query } = payload;
    asked.push({ subject, query });
    const department = String(query['department']);
    const offset = department === 'ICU' ? 0 : 1;
    if (subject === SUBJECTS.maintenance.compliance)
      return Promise.resolve({
        overall: figures(3, 1),
        highRisk: figures(1, 1),
        lifeSupport: figures(1, 0),
        overdue: { total: 120 },
        unplanned: { total: 2 },
      } as PmComplianceResponse);
    if (subject === SUBJECTS.maintenance.complianceOverdue)
      return Promise.resolve({
        items: Array.from({ length: Number(query['limit']) }, (_, at) =>
          overdueItem(department, at, `2026-01-${String(1 + ((2 * at + offset) % 28)).padStart(2, '0')}`),
        ),
        total: 120,
        page: 1,
        pages: 2,
        limit: Number(query['limit']),
        today: '2026-01-31',
      } satisfies OverduePmPage);
    if (subject === SUBJECTS.maintenance.complianceUnplanned)
      return Promise.resolve({
        items: [
          device(department, `${department} spare`, false),
          device(department, `${department} vent`, true),
        ],
        total: 2,
        page: 1,
        pages: 1,
        limit: Number(query['limit']),
      } satisfies UnplannedDevicesPage);
    return Promise.reject(new Error(`Not asked of maintenance here: ${subject}`));
  };
  return { asked, data: { ask } as unknown as ReportDataClient };
}

function contextWith(data: ReportDataClient, departments: string[]): BuildContext {
  return {
    scope: { from: '2026-01-01', to: '2026-01-31', departments, categories: [] },
    user,
    data,
    options: {},
    currency: 'GBP',
    today: '2026-01-31',
  } as unknown as BuildContext;
}

describe("the compliance audit's PM compliance", () => {
  it('reads the figures and the first page of each list for each department, and adds them up', async () => {
    const { asked, data } = maintenance();
    const { figures: sum, overdue, unplanned } = await pmCompliance(contextWith(data, ['ICU', 'NICU']));

    expect(asked).toEqual([
      {
        subject: SUBJECTS.maintenance.compliance,
        query: { from: '2026-01-01', to: '2026-01-31', department: 'ICU', category: '' },
      },
      {
        subject: SUBJECTS.maintenance.complianceOverdue,
        query: { department: 'ICU', category: '', page: 1, limit: 100 },
      },
      {
        subject: SUBJECTS.maintenance.complianceUnplanned,
        query: { department: 'ICU', category: '', page: 1, limit: 100 },
      },
      {
        subject: SUBJECTS.maintenance.compliance,
        query: { from: '2026-01-01', to: '2026-01-31', department: 'NICU', category: '' },
      },
      {
        subject: SUBJECTS.maintenance.complianceOverdue,
        query: { department: 'NICU', category: '', page: 1, limit: 100 },
      },
      {
        subject: SUBJECTS.maintenance.complianceUnplanned,
        query: { department: 'NICU', category: '', page: 1, limit: 100 },
      },
    ]);
    // The rate is worked out again from the sums.
    expect(sum.overall).toEqual({ due: 8, onTime: 6, late: 0, missed: 2, pending: 0, rate: 0.75 });
    // The longest overdue first across both departments, cut at 100, with every one counted.
    expect(overdue.total).toBe(240);
    expect(overdue.items).toHaveLength(100);
    const dates = overdue.items.map((item) => item.dueDate);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(overdue.items.map((item) => item.equipment.department))).toEqual(new Set(['ICU', 'NICU']));
    // Life support first across both departments, then by name.
    expect(unplanned).toEqual({
      items: [
        device('ICU', 'ICU vent', true),
        device('NICU', 'NICU vent', true),
        device('ICU', 'ICU spare', false),
        device('NICU', 'NICU spare', false),
      ],
      total: 4,
    });
  });
});
