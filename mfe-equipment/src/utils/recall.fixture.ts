import type { RecallListResponse, RecallSummaryDto } from '@caliber/contracts';

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
