import {
  COMPLIANCE_LIST_PAGE,
  MAX_COMPLIANCE_AUDIT_PAIRS,
  SUBJECTS,
  type ComplianceFigures,
  type ComplianceListQuery,
  type ComplianceQuery,
  type OverduePmItem,
  type OverduePmPage,
  type PmComplianceResponse,
  type UnplannedDevice,
  type UnplannedDevicesPage,
} from '@caliber/contracts';
import type { BuildContext } from './build-context';

type Scopes = Pick<PmComplianceResponse, 'overall' | 'highRisk' | 'lifeSupport'>;

function addFigures(a: ComplianceFigures, b: ComplianceFigures): ComplianceFigures {
  const due = a.due + b.due;
  const onTime = a.onTime + b.onTime;
  const pending = a.pending + b.pending;
  return {
    due,
    onTime,
    late: a.late + b.late,
    missed: a.missed + b.missed,
    pending,
    rate: due - pending > 0 ? onTime / (due - pending) : null,
  };
}

/** How many rows of each list the report shows: one page of the most a page holds. */
const LISTED = COMPLIANCE_LIST_PAGE.max;

/**
 * The PM compliance the Maintenance page shows, for the report's period and filters. The figures
 * answer one department and one category at a time, so a report for several asks each pair and
 * adds the counts (the rate is worked out again from the sums, never averaged). The lists are read
 * as the page reads them, a page at a time: the first page of each pair's, merged in the lists'
 * own order (the longest overdue first; life support, then high risk, then by name), with the
 * totals beside them.
 */
export async function pmCompliance(context: BuildContext): Promise<{
  figures: Scopes;
  overdue: { items: OverduePmItem[]; total: number };
  unplanned: { items: UnplannedDevice[]; total: number };
}> {
  const departments = context.scope.departments.length ? context.scope.departments : [''];
  const categories = context.scope.categories.length ? context.scope.categories : [''];
  const places = departments.flatMap((department) =>
    categories.map((category) => ({ department, category })),
  );
  if (places.length > MAX_COMPLIANCE_AUDIT_PAIRS)
    throw new Error(
      `The compliance audit covers at most ${MAX_COMPLIANCE_AUDIT_PAIRS} department and category pairs; choose fewer departments or categories.`,
    );
  const ask = <T>(subject: string, query: ComplianceQuery | ComplianceListQuery) =>
    context.data.ask<T>(subject, { query }, context.user);
  const answers: PmComplianceResponse[] = [];
  const overdue: OverduePmPage[] = [];
  const unplanned: UnplannedDevicesPage[] = [];
  for (const place of places) {
    const period: ComplianceQuery = { from: context.scope.from, to: context.scope.to, ...place };
    const firstPage: ComplianceListQuery = { ...place, page: 1, limit: LISTED };
    answers.push(await ask<PmComplianceResponse>(SUBJECTS.maintenance.compliance, period));
    overdue.push(await ask<OverduePmPage>(SUBJECTS.maintenance.complianceOverdue, firstPage));
    unplanned.push(await ask<UnplannedDevicesPage>(SUBJECTS.maintenance.complianceUnplanned, firstPage));
  }
  const [first, ...rest] = answers;
  if (!first) throw new Error('The compliance figures did not answer.');
  const figures = rest.reduce<Scopes>(
    (sum, answer) => ({
      overall: addFigures(sum.overall, answer.overall),
      highRisk: addFigures(sum.highRisk, answer.highRisk),
      lifeSupport: addFigures(sum.lifeSupport, answer.lifeSupport),
    }),
    { overall: first.overall, highRisk: first.highRisk, lifeSupport: first.lifeSupport },
  );
  const overdueItems = overdue.flatMap((page) => page.items);
  overdueItems.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const unplannedItems = unplanned.flatMap((page) => page.items);
  unplannedItems.sort(
    (a, b) =>
      Number(b.lifeSupport) - Number(a.lifeSupport) ||
      Number(b.highRisk) - Number(a.highRisk) ||
      a.name.localeCompare(b.name),
  );
  const totalOf = (pages: { total: number }[]) => pages.reduce((sum, page) => sum + page.total, 0);
  return {
    figures,
    overdue: { items: overdueItems.slice(0, LISTED), total: totalOf(overdue) },
    unplanned: { items: unplannedItems.slice(0, LISTED), total: totalOf(unplanned) },
  };
}
