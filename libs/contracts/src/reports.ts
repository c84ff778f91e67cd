/** The eight report types. */
export const REPORT_TYPES = [
  'equipmentStatus',
  'taskManagement',
  'preventiveVsCorrective',
  'staffPerformance',
  'inventorySpareParts',
  'downtimeAnalysis',
  'financialCost',
  'complianceAudit',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_FORMATS = ['pdf', 'xlsx', 'docx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const DEFAULT_REPORT_FORMAT: ReportFormat = 'pdf';
/** The Settings screen's default-format choices. */
export const SETTINGS_REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type SettingsReportFormat = (typeof SETTINGS_REPORT_FORMATS)[number];

export const REPORT_SCHEDULE_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];
export const DEFAULT_REPORT_SCHEDULE_FREQUENCY: ReportScheduleFrequency = 'monthly';
