import { recallNoticeSchema } from '@caliber/contracts';
import type { RecallDto } from '@caliber/contracts';
import {
  EMPTY_RECALL_FORM,
  formOf,
  listOf,
  progressLine,
  rangesOf,
  recallFormSchema,
  recallRequest,
  recallTask,
  type RecallForm,
} from './recall-form';

describe('the new-notice form', () => {
  it('reads lists one a line or separated by commas', () => {
    expect(listOf('SN1, SN2\n\n SN3 ;SN4')).toEqual(['SN1', 'SN2', 'SN3', 'SN4']);
  });

  it('reads ranges written with "to", a dash or "..", keeping hyphens inside serials', () => {
    expect(rangesOf('SN0099 to SN0150\nSN-0200 – SN-0250\nA1..A9\nB7')).toEqual([
      { from: 'SN0099', to: 'SN0150' },
      { from: 'SN-0200', to: 'SN-0250' },
      { from: 'A1', to: 'A9' },
      { from: 'B7', to: 'B7' },
    ]);
  });

  it('sends what the notice schema takes', () => {
    const body = recallRequest({
      ...EMPTY_RECALL_FORM,
      sourceReference: 'Z-1',
      title: 'Pump stops',
      manufacturer: 'Sigma',
      models: 'Spectrum\nSpectrum IQ',
      serialRanges: 'SN0099 to SN0150',
      hazard: 'Stops.',
      actionRequired: 'Update.',
      publishedOn: '2026-02-01',
    });
    expect(recallNoticeSchema.parse(body)).toMatchObject({
      models: ['Spectrum', 'Spectrum IQ'],
      serialRanges: [{ from: 'SN0099', to: 'SN0150' }],
      udiDi: null,
    });
  });

  it('says how far the actions are', () => {
    expect(progressLine(0, 0)).toBe('No device of the inventory matches it.');
    expect(progressLine(2, 1)).toBe('1 of 2 devices closed');
  });

  it('names the recall in the task it opens', () => {
    expect(recallTask({ sourceReference: 'Z-1', title: 'Pump stops', actionRequired: 'Update.' })).toEqual({
      title: 'Recall Z-1: Pump stops',
      description: 'Action required by recall Z-1: Update.',
    });
  });

  it('shows a recorded notice for an edit and sends it back unchanged', () => {
    const recall = {
      source: 'MHRA',
      sourceReference: 'DSI/2026/001',
      title: 'Pump stops',
      manufacturer: 'Sigma',
      models: ['Spectrum', 'Spectrum IQ'],
      serialNumbers: ['A-1', 'A-2'],
      serialRanges: [{ from: 'SN-0099', to: 'SN-0150' }],
      lotNumbers: ['L7'],
      udiDi: '04056704123456',
      hazard: 'Stops.',
      actionRequired: 'Update.',
      publishedOn: '2026-02-01',
    } as RecallDto;
    const { source, sourceReference, title, manufacturer, models, serialNumbers, serialRanges } = recall;
    expect(recallRequest(formOf(recall))).toEqual({
      source,
      sourceReference,
      title,
      manufacturer,
      models,
      serialNumbers,
      serialRanges,
      lotNumbers: ['L7'],
      udiDi: '04056704123456',
      hazard: 'Stops.',
      actionRequired: 'Update.',
      publishedOn: '2026-02-01',
    });
  });
});

describe('the new-notice form rules', () => {
  const issues = (form: RecallForm) => {
    const parsed = recallFormSchema.safeParse(form);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it("names each required field the contract refuses, under that field, in the contract's words", () => {
    expect(issues(EMPTY_RECALL_FORM)).toEqual([
      ['sourceReference', 'Source reference is required.'],
      ['title', 'Title is required.'],
      ['manufacturer', 'Manufacturer is required.'],
      ['models', 'Name at least one model.'],
      ['hazard', 'Hazard is required.'],
      ['actionRequired', 'Action required is required.'],
      ['publishedOn', expect.stringContaining('Date published')],
    ]);
  });

  it('puts a bad serial range under the ranges field, once', () => {
    const form: RecallForm = {
      ...EMPTY_RECALL_FORM,
      sourceReference: 'Z-1',
      title: 'Pump stops',
      manufacturer: 'Sigma',
      models: 'Spectrum',
      serialRanges: 'SN0150 to SN0099\nAB1 to CD9',
      hazard: 'Stops.',
      actionRequired: 'Update.',
      publishedOn: '2026-02-01',
    };
    expect(issues(form)).toEqual([
      ['serialRanges', 'The range SN0150 to SN0099 runs backwards: its start is after its end.'],
    ]);
    expect(issues({ ...form, serialRanges: 'SN0099 to SN0150' })).toEqual([]);
  });
});
