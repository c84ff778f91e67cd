import {
  deviceSafetyTestsSchema,
  recordSafetyTestResponseSchema,
  recordSafetyTestSchema,
  safetyImportAppliedSchema,
  safetyImportPreviewSchema,
  safetyImportQuerySchema,
  safetyTestDtoSchema,
  SUBJECTS,
} from '@caliber/contracts';
import { ENGINEERS, operation, STAFF, type ApiOperation } from '../api/operation';
/**
 * What an analyser file may be refused for: its size and rows, the memory and time its reading
 * takes, and the limits of the gateway's uploads and of maintenance's file workers.
 */
const SAFETY_FILE_LIMITS = {
  400: 'Invalid query (`fileName` must end in .csv); or the file is empty, not CSV text, in no format Caliber reads, or holds no tests; `message` says which.',
  413: 'The file is larger than 2 MB or holds more than 1,000 tests, or it needs more than 64 MB of memory or 10 s to read.',
  429: 'You are sending two files already, or your previous analyser file is still being read and checked: wait for its answer (`Retry-After`).',
  503: 'The server is receiving as many files as it takes at once, or the maintenance service is reading ten analyser files already or not answering; try again (`Retry-After`).',
} as const;

/** The body of an import: the analyser's CSV export itself. */
const ANALYSER_FILE_BODY = {
  description: "The analyser's CSV export, its bytes as the body (any Content-Type), streamed; at most 2 MB.",
};

/**
 * Electrical-safety tests (IEC 62353): a device's tests, one test and recording one are forwarded
 * to the maintenance service; an analyser file is streamed into the file store and maintenance
 * handed its key, so the preview and the import keep handlers of their own (`SafetyTestsController`).
 */
export const SAFETY_OPERATIONS = {
  getEquipmentSafetyTests: operation({
    operationId: 'getEquipmentSafetyTests',
    method: 'get',
    path: '/api/equipment/{id}/safety-tests',
    tag: 'Electrical safety',
    summary: "A device's electrical-safety tests (IEC 62353), newest first, and when the next is due",
    description:
      "Anyone signed in. The latest 50 tests with each measurement, the limit applied and its source, the computed result, the analyser's own verdict when imported, and the Repair task a failure opened; `due` is the due date of the device's active Safety Testing PM plan (its earliest open occurrence, else the plan's next due date), null without such a plan.",
    callers: STAFF,
    answer: {
      status: 200,
      description: '`{tests, total, due}` (`DeviceSafetyTests`)',
      schema: deviceSafetyTestsSchema,
    },
    refusals: { 404: 'Not a device id.' },
    forward: {
      subject: SUBJECTS.maintenance.safetyTestsOfDevice,
      message: ({ id }) => ({ equipmentId: id }),
    },
  }),
  recordSafetyTest: operation({
    operationId: 'recordSafetyTest',
    method: 'post',
    path: '/api/equipment/{id}/safety-tests',
    tag: 'Electrical safety',
    summary: 'Record an electrical-safety test of a device (Engineers and Admins)',
    description:
      'The measurements in ohm, megaohm and microampere; null where not measured. A Class I device needs its protective earth, a mains-powered one its equipment leakage, a BF or CF applied part its leakage; a value where the standard asks for none (protective earth of Class II, type B applied-part leakage) is refused. The result is computed from the IEC 62353 limits, never sent. `openRepairTask` on a failing test opens a High-priority Repair task in the same transaction. Audited.',
    callers: ENGINEERS,
    body: recordSafetyTestSchema,
    answer: {
      status: 201,
      description: '`{test}` (`SafetyTestDto`)',
      schema: recordSafetyTestResponseSchema,
    },
    refusals: {
      404: 'Not a device of the inventory.',
      409: 'The device is decommissioned or auctioned.',
    },
    forward: {
      subject: SUBJECTS.maintenance.safetyTestRecord,
      message: ({ id, body }) => ({ equipmentId: id, data: body }),
    },
    changesDashboardFigures: true,
  }),
  getSafetyTest: operation({
    operationId: 'getSafetyTest',
    method: 'get',
    path: '/api/safety-tests/{id}',
    tag: 'Electrical safety',
    summary: 'One electrical-safety test',
    callers: STAFF,
    answer: { status: 200, description: '`SafetyTestDto`', schema: safetyTestDtoSchema },
    refusals: { 404: 'No such test.' },
    forward: { subject: SUBJECTS.maintenance.safetyTestGet },
  }),
  previewSafetyImport: operation({
    operationId: 'previewSafetyImport',
    method: 'post',
    path: '/api/safety-tests/imports/preview',
    tag: 'Electrical safety',
    summary: "Read a safety analyser's CSV export and preview each row (Engineers and Admins)",
    description:
      "The body is the file (CSV, at most 2 MB and 1,000 tests), its name in the query. The maintenance service reads it in its own file workers by the parser its first line names: Caliber's safety-test CSV, a Fluke ESA615/Ansur-modelled table, a Rigel 288+ complete result, or any format that service has added since. Each row is matched to a device by serial number and answered as to import (with its computed result, and whether the analyser's own verdict disagrees) or refused: no such device, ambiguous, a duplicate of a recorded test or of an earlier row, an unreadable value. Nothing is written.",
    callers: ENGINEERS,
    query: safetyImportQuerySchema,
    fileBody: ANALYSER_FILE_BODY,
    answer: { status: 200, description: '`SafetyImportPreview`', schema: safetyImportPreviewSchema },
    refusals: SAFETY_FILE_LIMITS,
  }),
  applySafetyImport: operation({
    operationId: 'applySafetyImport',
    method: 'post',
    path: '/api/safety-tests/imports/apply',
    tag: 'Electrical safety',
    summary: 'Import the importable rows of a safety analyser file (Engineers and Admins)',
    description:
      'The same file again (the body, its name and `openRepairTasks` in the query): its rows are checked again and every importable one written in one transaction, each audited; `openRepairTasks` opens a Repair task per failed test. A test already on record (same device, format, date and time) is a duplicate, so applying a file twice imports nothing new.',
    callers: ENGINEERS,
    query: safetyImportQuerySchema,
    fileBody: ANALYSER_FILE_BODY,
    answer: {
      status: 200,
      description: '`SafetyImportApplied`: the preview with what was written.',
      schema: safetyImportAppliedSchema,
    },
    refusals: SAFETY_FILE_LIMITS,
    changesDashboardFigures: true,
  }),
} as const satisfies Record<string, ApiOperation>;
