import type {
  RecallActionDto,
  RecallActionsPage,
  RecallDto,
  RecallListResponse,
  RecallSummaryDto,
} from '@caliber/contracts';

/** A notice in the list as the API answers it, for tests. */
export function recallSummary(changes: Partial<RecallSummaryDto> = {}): RecallSummaryDto {
  return {
    _id: 'rc-1',
    source: 'FDA',
    sourceReference: 'Z-0042-2026',
    title: 'Infusion pumps may stop without alarm',
    manufacturer: 'Sigma Medical',
    models: ['Spectrum'],
    publishedOn: '2026-02-01',
    state: 'open',
    affected: 3,
    closed: 1,
    createdAt: '2026-02-02T09:00:00.000Z',
    closedAt: null,
    ...changes,
  };
}

/** `GET /recalls` as the service answers it: 20 a page. */
export function recallPage(
  recalls: RecallSummaryDto[],
  page = 1,
  total = recalls.length,
): RecallListResponse {
  return {
    recalls,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / 20)),
    limit: 20,
    open: recalls.filter((recall) => recall.state === 'open').length,
    openActions: recalls.reduce((sum, recall) => sum + recall.affected - recall.closed, 0),
  };
}

/** A notice and its counts as `GET /recalls/{id}` answers it. */
export function recallDetail(changes: Partial<RecallDto> = {}): RecallDto {
  return {
    ...recallSummary(),
    serialNumbers: [],
    serialRanges: [{ from: 'SN0099', to: 'SN0150' }],
    lotNumbers: [],
    udiDi: null,
    hazard: 'The pump may stop infusing without sounding its alarm.',
    actionRequired: 'Install software 2.1.',
    createdBy: null,
    updatedBy: null,
    closingDecision: null,
    duplicateOf: null,
    version: 1,
    ...changes,
  };
}

/** `GET /recalls/{id}/actions` as the service answers it: `limit` a page (25 unless said). */
export function recallActionsPage(
  actions: RecallActionDto[],
  page = 1,
  total = actions.length,
  limit = 25,
): RecallActionsPage {
  return { actions, total, page, pages: Math.max(1, Math.ceil(total / limit)), limit };
}

/** One affected device's open action. */
export function recallAction(changes: Partial<RecallActionDto> = {}): RecallActionDto {
  return {
    _id: 'act-1',
    recallId: 'rc-1',
    device: {
      _id: 'eq-1',
      name: 'Infusion pump 1',
      serialNumber: 'SN0100',
      model: 'Spectrum',
      department: 'ICU',
      status: 'Serviceable',
      present: true,
    },
    matched: { manufacturer: 'Sigma Medical', model: 'Spectrum', serialNumber: 'SN0100', lotNumber: null },
    stillMatches: true,
    foundAt: '2026-02-02T09:00:00.000Z',
    state: 'open',
    closedWith: null,
    taskId: null,
    decision: null,
    closedAt: null,
    closedBy: null,
    version: 1,
    ...changes,
  };
}
