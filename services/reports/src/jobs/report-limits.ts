/**
 * One person's share of the report workers and schedules (`REPORT_MAX_ACTIVE_PER_PERSON`,
 * `REPORT_MAX_SCHEDULES_PER_PERSON`). Past either, a request is refused with 429
 * `REPORT_LIMIT_REACHED` before anything is stored or queued, and the message says which limit
 * and what to do. A schedule's own turn is never refused: the schedule limit already bounds it,
 * and a report owed by a schedule is not dropped; it counts toward the owner's reports like any.
 */
const reports = (count: number) => (count === 1 ? '1 report' : `${count} reports`);
const schedules = (count: number) => (count === 1 ? '1 report schedule' : `${count} report schedules`);

export const REPORT_LIMIT_MESSAGES = {
  active: (limit: number) =>
    `You already have ${reports(limit)} being prepared, the most one person may have at once. Wait for one to finish, then ask again.`,
  schedules: (limit: number) =>
    `You already have ${schedules(limit)}, the most one person may keep. Cancel one under Your schedules, then add this one.`,
} as const;
