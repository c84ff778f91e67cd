import {
  REPORT_TITLES,
  SUBJECTS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  type OverdueTaskRow,
  type TaskFigures,
} from '@caliber/contracts';
import type { ReportBlock } from '../document/report-document';
import { count, fixedTable, hours, pagedTable, scopeWords, type ReportBuilder } from './build-context';
import { trendChart } from './trend';

/**
 * Task management: the period's tasks by status, type and priority, how long work took, what is
 * overdue now, and tasks created against tasks completed week by week.
 */
export const buildTaskManagement: ReportBuilder = async (context) => {
  const figures = await context.data.figures<TaskFigures>(
    SUBJECTS.maintenance.reportTasks,
    context.scope,
    context.user,
  );
  const overdue = await pagedTable<OverdueTaskRow>(
    context,
    SUBJECTS.maintenance.reportOverdue,
    {
      title: 'Overdue tasks',
      columns: [
        { header: 'Task', type: 'text', width: 28 },
        { header: 'Type', type: 'text', width: 10 },
        { header: 'Priority', type: 'text', width: 8 },
        { header: 'Status', type: 'text', width: 10 },
        { header: 'Device', type: 'text', width: 22 },
        { header: 'Department', type: 'text', width: 16 },
        { header: 'Due', type: 'date' },
        { header: 'Days overdue', type: 'integer' },
        { header: 'Assigned to', type: 'text', width: 16 },
      ],
      note: 'Due date passed and neither completed nor cancelled, whenever the task was created.',
    },
    (row) => [
      row.title,
      row.taskType,
      row.priority,
      row.status,
      `${row.equipmentName} (${row.serialNumber})`,
      row.department,
      row.dueDate,
      row.daysOverdue,
      row.assignedTo,
    ],
  );
  const summary = [
    `${count(figures.created)} tasks were created in the period (${scopeWords(context.scope)}) and ${count(
      figures.completed,
    )} completed; completed work took ${hours(figures.meanHoursToComplete)} on average from creation to completion.`,
    `${count(figures.overdue)} tasks are overdue now. Of the period's tasks, ${count(figures.byStatus.Pending)} are pending, ${count(
      figures.byStatus['In Progress'],
    )} in progress, ${count(figures.byStatus.Completed)} completed and ${count(figures.byStatus.Cancelled)} cancelled.`,
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'Tasks created', value: count(figures.created) },
        { label: 'Tasks completed', value: count(figures.completed) },
        { label: 'Mean time to complete', value: hours(figures.meanHoursToComplete) },
        { label: 'Overdue now', value: count(figures.overdue) },
      ],
    },
  ];
  if (context.options.visuals.charts) {
    blocks.push(
      {
        kind: 'chart',
        title: 'Tasks by status',
        chart: {
          type: 'bar',
          categories: [...TASK_STATUSES],
          series: [{ name: 'Tasks', values: TASK_STATUSES.map((s) => figures.byStatus[s]) }],
          unit: 'tasks',
        },
      },
      {
        kind: 'chart',
        title: 'Created and completed per week',
        chart: trendChart(
          figures.weekly.map((week) => week.weekStart),
          [
            { name: 'Created', values: figures.weekly.map((week) => week.created) },
            { name: 'Completed', values: figures.weekly.map((week) => week.completed) },
          ],
          'week',
          context.options.advanced.trendPrediction,
          'tasks',
        ),
      },
    );
  }
  blocks.push(
    fixedTable(
      'By status',
      [
        { header: 'Status', type: 'text' },
        { header: 'Tasks', type: 'integer' },
      ],
      TASK_STATUSES.map((s) => [s, figures.byStatus[s]]),
    ),
    fixedTable(
      'By type',
      [
        { header: 'Type', type: 'text' },
        { header: 'Tasks', type: 'integer' },
      ],
      TASK_TYPES.map((t) => [t, figures.byType[t]]),
    ),
    fixedTable(
      'By priority',
      [
        { header: 'Priority', type: 'text' },
        { header: 'Tasks', type: 'integer' },
      ],
      TASK_PRIORITIES.map((p) => [p, figures.byPriority[p]]),
    ),
    fixedTable(
      'Created and completed per week',
      [
        { header: 'Week of', type: 'date' },
        { header: 'Created', type: 'integer' },
        { header: 'Completed', type: 'integer' },
      ],
      figures.weekly.map((week) => [week.weekStart, week.created, week.completed]),
    ),
    overdue,
  );
  return { key: 'taskManagement', title: REPORT_TITLES.taskManagement, summary, blocks };
};
