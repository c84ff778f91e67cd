import {
  DEFAULT_REPORT_DEPARTMENTS,
  generateReportSchema,
  periodDays,
  REPORT_MESSAGES,
  REPORT_TYPES,
  type ListEntryDto,
} from '@caliber/contracts';
import {
  checkReportForm,
  configuresDelivery,
  DEFAULT_REPORT_PERIOD_DAYS,
  initialReportForm,
  localDate,
  reportCategoryChoices,
  reportDepartmentChoices,
  reportFormSchema,
  reportRequestOf,
  withChoice,
  type ReportFormState,
} from './report-form';

const NOW = new Date(2026, 2, 31, 23, 30); // 31 March 2026, half past eleven at night, local time

const filled = (changes: Partial<ReportFormState> = {}): ReportFormState => ({
  ...initialReportForm(null, NOW),
  reports: ['equipmentStatus'],
  ...changes,
});

describe('the report form', () => {
  it('starts with the defaults: PDF, charts and summary, Download Now, no schedule (monthly), the last 30 days', () => {
    expect(initialReportForm(null, NOW)).toEqual({
      reports: [],
      dateFrom: '2026-03-02',
      dateTo: '2026-03-31',
      departments: [],
      categories: [],
      staff: '',
      format: 'pdf',
      charts: true,
      summary: true,
      interactiveExport: false,
      trendPrediction: false,
      heatMaps: false,
      scheduleEnabled: false,
      frequency: 'monthly',
      downloadNow: true,
      email: '',
    });
  });

  it("takes charts, summary and format from the person's saved Reports Defaults over the built-in ones", () => {
    const form = initialReportForm({ includeCharts: false, includeSummary: false, format: 'xlsx' }, NOW);
    expect(form).toMatchObject({ charts: false, summary: false, format: 'xlsx', downloadNow: true });
  });

  it('covers the last 30 days, today included, across month, year and leap-day boundaries', () => {
    expect(DEFAULT_REPORT_PERIOD_DAYS).toBe(30);
    const cases: [Date, string, string][] = [
      [NOW, '2026-03-02', '2026-03-31'],
      [new Date(2026, 0, 5, 0, 10), '2025-12-07', '2026-01-05'],
      [new Date(2028, 2, 1, 12), '2028-02-01', '2028-03-01'],
      [new Date(2027, 2, 1, 12), '2027-01-31', '2027-03-01'],
    ];
    for (const [now, dateFrom, dateTo] of cases) {
      const form = initialReportForm(null, now);
      expect([form.dateFrom, form.dateTo]).toEqual([dateFrom, dateTo]);
      expect(periodDays(form.dateFrom, form.dateTo)).toBe(DEFAULT_REPORT_PERIOD_DAYS);
    }
    // Saved Reports Defaults change the output options, never the period.
    const saved = initialReportForm({ includeCharts: false, includeSummary: true, format: 'docx' }, NOW);
    expect([saved.dateFrom, saved.dateTo]).toEqual(['2026-03-02', '2026-03-31']);
  });

  it("writes today in the reader's time zone, not UTC's", () => {
    expect(localDate(new Date(2026, 0, 5, 0, 10))).toBe('2026-01-05');
    expect(localDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('keeps choices in the contract order whatever the order of the clicks', () => {
    let chosen = withChoice([], 'complianceAudit', true, REPORT_TYPES);
    chosen = withChoice(chosen, 'equipmentStatus', true, REPORT_TYPES);
    expect(chosen).toEqual(['equipmentStatus', 'complianceAudit']);
    expect(withChoice(chosen, 'complianceAudit', false, REPORT_TYPES)).toEqual(['equipmentStatus']);
    expect(withChoice(['X-Ray'], 'Monitor', true, ['Monitor', 'Suction', 'X-Ray'])).toEqual([
      'Monitor',
      'X-Ray',
    ]);
  });

  const entry = (name: string, retired = false): ListEntryDto => ({
    _id: name,
    kind: 'department',
    name,
    parentId: null,
    retired,
    retiredAt: retired ? '2026-01-01T00:00:00.000Z' : null,
    formerNames: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  });

  it('offers the usual clinical departments the hospital has first, then every other one by name, retired too', () => {
    const hospital = ['Zoo Ward', 'Dental', 'burns', 'Critical Care', 'Old Annex'].map((name) =>
      entry(name, name === 'Old Annex'),
    );
    // ICU, one of the usual ten, was renamed: it stays among them.
    const renamed = hospital[3];
    if (renamed) renamed.formerNames = [{ name: 'ICU', until: '2026-02-01T00:00:00.000Z' }];
    const { choices, usual } = reportDepartmentChoices(hospital);
    // ICU and Dental are among the usual ten, in that list's order.
    expect(DEFAULT_REPORT_DEPARTMENTS.indexOf('ICU')).toBeLessThan(
      DEFAULT_REPORT_DEPARTMENTS.indexOf('Dental'),
    );
    expect(choices).toEqual([
      { name: 'Critical Care', retired: false },
      { name: 'Dental', retired: false },
      { name: 'burns', retired: false },
      { name: 'Old Annex', retired: true },
      { name: 'Zoo Ward', retired: false },
    ]);
    expect(usual).toBe(2);
  });

  it('offers every category by name with Other last', () => {
    expect(
      reportCategoryChoices([entry('Other'), entry('X-Ray'), entry('autoclave')]).map(({ name }) => name),
    ).toEqual(['autoclave', 'X-Ray', 'Other']);
  });
});

describe('the request built from the form', () => {
  it('sends every option, and leaves out an empty staff and e-mail', () => {
    const request = reportRequestOf(filled({ reports: ['equipmentStatus', 'downtimeAnalysis'] }));
    expect(request).toEqual({
      reports: ['equipmentStatus', 'downtimeAnalysis'],
      filters: { dateFrom: '2026-03-02', dateTo: '2026-03-31', departments: [], categories: [] },
      options: {
        format: 'pdf',
        visuals: { charts: true, summary: true },
        advanced: { interactiveExport: false, trendPrediction: false, heatMaps: false },
        schedule: { enabled: false, frequency: 'monthly' },
        delivery: { downloadNow: true },
      },
    });
    expect(generateReportSchema.safeParse(request).success).toBe(true);
  });

  it('carries the filters, the staff member, the advanced options, the schedule and a trimmed e-mail', () => {
    const staff = '0b8a2f0e-6a0c-4c3e-9a51-2f1d7c0b9e11';
    const request = reportRequestOf(
      filled({
        dateFrom: '2026-01-01',
        departments: ['ICU', 'Main Theatre'],
        categories: ['Ventilator'],
        staff,
        format: 'docx',
        charts: false,
        interactiveExport: true,
        trendPrediction: true,
        heatMaps: true,
        scheduleEnabled: true,
        frequency: 'quarterly',
        downloadNow: false,
        email: '  Manager@Hospital.example ',
      }),
    );
    expect(request.filters).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
      departments: ['ICU', 'Main Theatre'],
      categories: ['Ventilator'],
      staff,
    });
    expect(request.options).toEqual({
      format: 'docx',
      visuals: { charts: false, summary: true },
      advanced: { interactiveExport: true, trendPrediction: true, heatMaps: true },
      schedule: { enabled: true, frequency: 'quarterly' },
      delivery: { downloadNow: false, email: 'Manager@Hospital.example' },
    });
    expect(generateReportSchema.safeParse(request).success).toBe(true);
    expect(configuresDelivery(request)).toBe(true);
  });

  it('says delivery is configured for a schedule or an e-mail, not for a download alone', () => {
    expect(configuresDelivery(reportRequestOf(filled()))).toBe(false);
    expect(configuresDelivery(reportRequestOf(filled({ scheduleEnabled: true })))).toBe(true);
    expect(configuresDelivery(reportRequestOf(filled({ email: 'a@b.example' })))).toBe(true);
    expect(configuresDelivery(reportRequestOf(filled({ email: '   ' })))).toBe(false);
  });
});

describe('the three rules, in order', () => {
  it('refuses no report type first, even when the other two rules fail too', () => {
    const form = filled({ reports: [], dateFrom: '2026-04-02', downloadNow: false });
    expect(checkReportForm(form)).toEqual({
      ok: false,
      message: 'Select at least one report type.',
      field: 'reports',
    });
  });

  it('then a start date after the end date', () => {
    expect(checkReportForm(filled({ dateFrom: '2026-04-01', downloadNow: false }))).toEqual({
      ok: false,
      message: 'Start date cannot be after end date.',
      field: 'dateFrom',
    });
    expect(checkReportForm(filled({ dateFrom: '2026-03-31', dateTo: '2026-03-31' })).ok).toBe(true);
  });

  it('then no way to receive the report: Download Now, an e-mail or a schedule', () => {
    const none = filled({ downloadNow: false, email: '  ' });
    expect(checkReportForm(none)).toEqual({
      ok: false,
      message: 'Choose ‘Download Now’, or provide an email, or enable Schedule.',
      field: 'delivery',
    });
    expect(checkReportForm({ ...none, email: 'a@b.example' }).ok).toBe(true);
    expect(checkReportForm({ ...none, scheduleEnabled: true }).ok).toBe(true);
    expect(checkReportForm({ ...none, downloadNow: true }).ok).toBe(true);
  });

  it('words them as the contract (and so the server) does', () => {
    expect(checkReportForm(filled({ reports: [] }))).toMatchObject({ message: REPORT_MESSAGES.noReportType });
    expect(checkReportForm(filled({ dateFrom: '2027-01-01' }))).toMatchObject({
      message: REPORT_MESSAGES.datesReversed,
    });
    expect(checkReportForm(filled({ downloadNow: false }))).toMatchObject({
      message: REPORT_MESSAGES.noDelivery,
    });
  });

  it("then the rest of the contract, with the server's own sentence", () => {
    expect(checkReportForm(filled({ email: 'not an address' }))).toEqual({
      ok: false,
      message: 'email must be a valid e-mail address.',
      field: null,
    });
    expect(checkReportForm(filled({ dateFrom: '2000-01-01' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('at most'),
    });
  });

  it('answers the request to send when all is well', () => {
    const check = checkReportForm(filled({ email: 'a@b.example' }));
    expect(check).toEqual({ ok: true, request: reportRequestOf(filled({ email: 'a@b.example' })) });
  });
});

describe("the form's schema", () => {
  const issues = (form: ReportFormState) => {
    const result = reportFormSchema.safeParse(form);
    return result.success ? [] : result.error.issues.map(({ path, message }) => [path.join('.'), message]);
  };

  it('marks the field of the first rule broken, and says its sentence once for the whole form', () => {
    expect(issues(filled({ reports: [] }))).toEqual([
      ['reports', REPORT_MESSAGES.noReportType],
      ['root', REPORT_MESSAGES.noReportType],
    ]);
    expect(issues(filled({ dateFrom: '2027-01-01' }))).toEqual([
      ['dateFrom', REPORT_MESSAGES.datesReversed],
      ['root', REPORT_MESSAGES.datesReversed],
    ]);
    expect(issues(filled({ downloadNow: false }))).toEqual([
      ['email', REPORT_MESSAGES.noDelivery],
      ['root', REPORT_MESSAGES.noDelivery],
    ]);
  });

  it("a refusal of the contract's with no field of its own is said for the whole form only", () => {
    expect(issues(filled({ email: 'not an address' }))).toEqual([
      ['root', 'email must be a valid e-mail address.'],
    ]);
  });

  it('accepts a form it may send', () => {
    expect(issues(filled())).toEqual([]);
  });
});
