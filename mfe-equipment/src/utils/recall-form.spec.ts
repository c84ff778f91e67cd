import { recallNoticeSchema } from '@caliber/contracts';
import type { RecallDto } from '@caliber/contracts';
import {
  EMPTY_RECALL_FORM,
  formOf,
  listOf,
  progressLine,
  rangesOf,
  recallRequest,
  recallTask,
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
