import {
  closeRecallActionSchema,
  closeRecallSchema,
  deviceRecallsResponseSchema,
  listRecallActionsQuerySchema,
  listRecallsQuerySchema,
  recallActionDtoSchema,
  recallActionsPageSchema,
  recallDtoSchema,
  recallListResponseSchema,
  recallNoticeSchema,
  recallPreviewSchema,
  SUBJECTS,
  updateRecallNoticeSchema,
} from '@caliber/contracts';
import { ENGINEERS, operation, STAFF, type ApiOperation } from '../api/operation';

/**
 * How long a notice's save or edit may take: it is matched against the inventory in its
 * transaction, and a whole-model notice finds thousands of devices (an action and an audit row
 * each): work of seconds. Past the usual deadline the person would be answered 503 while the
 * notice is still being saved, and try again.
 */
export const RECALL_MATCH_DEADLINE_MS = 60_000;

/**
 * Recalls and field safety notices, kept by the equipment service: everyone signed in reads them;
 * Engineers and Admins record, preview, edit and close them.
 */
export const RECALLS_OPERATIONS = {
  listRecalls: operation({
    operationId: 'listRecalls',
    method: 'get',
    path: '/api/recalls',
    tag: 'Recalls',
    summary: 'Recalls and field safety notices, open ones first',
    description:
      'Each with its affected devices and how many of their actions are closed. `state` is `open`, `closed` or empty for both. Answers `{recalls, total, page, pages, limit, open, openActions}`.',
    callers: STAFF,
    query: listRecallsQuerySchema,
    answer: { status: 200, description: 'The page.', schema: recallListResponseSchema },
    // The service reads the query itself as its message.
    forward: { subject: SUBJECTS.equipment.recallsList, message: ({ query }) => query },
  }),
  previewRecall: operation({
    operationId: 'previewRecall',
    method: 'post',
    path: '/api/recalls/preview',
    tag: 'Recalls',
    summary: 'The devices a notice would find, before it is saved (Engineers and Admins)',
    description:
      'Nothing is written. Answers `{total, devices}` (the first 50 in name order) and `warning` when the notice lists neither serial numbers nor lots, so it applies to every device of its models.',
    callers: ENGINEERS,
    body: recallNoticeSchema,
    answer: { status: 200, description: 'The matching devices.', schema: recallPreviewSchema },
    forward: { subject: SUBJECTS.equipment.recallsPreview },
  }),
  createRecall: operation({
    operationId: 'createRecall',
    method: 'post',
    path: '/api/recalls',
    tag: 'Recalls',
    summary: 'Record a recall or field safety notice (Engineers and Admins)',
    description:
      'The notice is matched against the inventory as it is saved: each device it finds gets an open action. Manufacturer and models match without regard to case, spaces or punctuation; serial numbers match the list or a range (same letters before the number, numbers compared as numbers); lots match the device’s lot. At most 5,000 serial numbers, 500 ranges and 1,000 lots. A source’s reference is recorded once (case and spaces not counting): a second save, a retry after a lost answer included, is 409 with `existingId`, the notice on record. The answer carries the notice and its counts (`affected`, `closed`); its devices are read with `GET /api/recalls/{id}/actions`.',
    callers: ENGINEERS,
    body: recallNoticeSchema,
    answer: { status: 201, description: 'The recall and its counts.', schema: recallDtoSchema },
    refusals: { 409: 'This source’s reference is already recorded: `existingId` is that recall.' },
    forward: { subject: SUBJECTS.equipment.recallsCreate, atLeastMs: RECALL_MATCH_DEADLINE_MS },
    changesDashboardFigures: true,
  }),
  getRecall: operation({
    operationId: 'getRecall',
    method: 'get',
    path: '/api/recalls/{id}',
    tag: 'Recalls',
    summary: 'One recall and its counts',
    description:
      'The notice as recorded, `affected` (devices it found) and `closed` (their actions closed), and `duplicateOf` when it repeats a notice recorded first. Its devices: `GET /api/recalls/{id}/actions`.',
    callers: STAFF,
    answer: { status: 200, description: 'The recall.', schema: recallDtoSchema },
    refusals: { 404: 'No such recall.' },
    forward: { subject: SUBJECTS.equipment.recallsGet },
  }),
  getRecallActions: operation({
    operationId: 'getRecallActions',
    method: 'get',
    path: '/api/recalls/{id}/actions',
    tag: 'Recalls',
    summary: 'A page of the devices a recall found, each with its action',
    description:
      'Open actions first, then by device name. Answers `{actions, total, page, pages, limit}` (`limit` 25 by default, at most 100).',
    callers: STAFF,
    query: listRecallActionsQuerySchema,
    answer: { status: 200, description: 'The page.', schema: recallActionsPageSchema },
    refusals: { 404: 'No such recall.' },
    forward: { subject: SUBJECTS.equipment.recallsActions },
  }),
  updateRecall: operation({
    operationId: 'updateRecall',
    method: 'put',
    path: '/api/recalls/{id}',
    tag: 'Recalls',
    summary: 'Edit a recall (Engineers and Admins)',
    description:
      'The whole notice with the `version` you read. It is matched again: devices the new criteria find are added; devices found before keep their actions.',
    callers: ENGINEERS,
    body: updateRecallNoticeSchema,
    answer: { status: 200, description: 'The recall and its counts.', schema: recallDtoSchema },
    refusals: {
      404: 'No such recall.',
      409: 'Changed by someone else since you read it, or another recall records this source’s reference (`existingId`).',
    },
    forward: { subject: SUBJECTS.equipment.recallsUpdate, atLeastMs: RECALL_MATCH_DEADLINE_MS },
    changesDashboardFigures: true,
  }),
  closeRecallAction: operation({
    operationId: 'closeRecallAction',
    method: 'put',
    path: '/api/recall-actions/{id}',
    tag: 'Recalls',
    summary: "Close one affected device's action (Engineers and Admins)",
    description:
      '`{closeWith: "task", taskId}`: a completed task on that device; or `{closeWith: "decision", decision}`: at least 20 characters saying what was decided and why. The recall closes with its last open action.',
    callers: ENGINEERS,
    body: closeRecallActionSchema,
    answer: { status: 200, description: 'The action.', schema: recallActionDtoSchema },
    refusals: {
      404: 'No such action.',
      409: 'Already closed, or changed since you read it.',
      422: 'The task is on another device, not completed, or does not exist.',
    },
    forward: { subject: SUBJECTS.equipment.recallsCloseAction },
    changesDashboardFigures: true,
  }),
  closeRecall: operation({
    operationId: 'closeRecall',
    method: 'put',
    path: '/api/recalls/{id}/close',
    tag: 'Recalls',
    summary: 'Close a recall that has no open action, with a decision (Engineers and Admins)',
    description:
      'For a notice that found no device of the inventory: `{decision, version}`, at least 20 characters saying what was checked. A recall with devices closes by itself when the last of them is closed.',
    callers: ENGINEERS,
    body: closeRecallSchema,
    answer: { status: 200, description: 'The closed recall.', schema: recallDtoSchema },
    refusals: {
      404: 'No such recall.',
      409: 'Already closed, devices still await action, or changed since you read it.',
    },
    forward: { subject: SUBJECTS.equipment.recallsClose },
    changesDashboardFigures: true,
  }),
  getDeviceRecalls: operation({
    operationId: 'getDeviceRecalls',
    method: 'get',
    path: '/api/equipment/{id}/recalls',
    tag: 'Recalls',
    summary: 'The recalls that found a device, each with its action',
    callers: STAFF,
    answer: {
      status: 200,
      description: '`{recalls: [{recall, action}]}`',
      schema: deviceRecallsResponseSchema,
    },
    refusals: { 404: 'Not in the inventory.' },
    forward: { subject: SUBJECTS.equipment.recallsForDevice },
  }),
} as const satisfies Record<string, ApiOperation>;
