import { REPORT_FORMATS } from './reports';
import { reportDefaultsSchema } from './settings';
import { DEFAULT_REPORT_DEFAULTS, reportDefaultsFormatSchema } from './users';

describe('the Reports Defaults card', () => {
  it('offers every format the Generate Report dialog makes: PDF, Excel and Word', () => {
    expect(reportDefaultsFormatSchema.options).toEqual([...REPORT_FORMATS]);
    expect(REPORT_FORMATS).toEqual(['pdf', 'xlsx', 'docx']);
    for (const format of REPORT_FORMATS) {
      const defaults = { includeCharts: false, includeSummary: true, format };
      expect(reportDefaultsSchema.parse(defaults)).toEqual(defaults);
    }
  });

  it('starts from PDF with charts and summary', () => {
    expect(DEFAULT_REPORT_DEFAULTS).toEqual({ includeCharts: true, includeSummary: true, format: 'pdf' });
  });

  it('refuses any other format, naming the three', () => {
    for (const format of ['odt', 'DOCX', 'csv', '', null, 3]) {
      const answer = reportDefaultsSchema.safeParse({ includeCharts: true, includeSummary: true, format });
      expect(answer.success).toBe(false);
      expect(answer.error?.issues.map((issue) => issue.message)).toEqual([
        'format must be one of pdf, xlsx, docx.',
      ]);
    }
  });
});
