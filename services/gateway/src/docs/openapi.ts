import {
  recordSafetyTestSchema,
  safetyImportRequestSchema,
  auditTrailQuerySchema,
  assetLabelsRequestSchema,
  assessRiskRequestSchema,
  appearanceSettingsSchema,
  confirmEmailSchema,
  assigneeQuerySchema,
  changeTaskStatusSchema,
  complianceListQuerySchema,
  complianceQuerySchema,
  createUserSchema,
  rosterImportRequestSchema,
  listUsersQuerySchema,
  updateUserSchema,
  createPmPlanSchema,
  listPmPlansQuerySchema,
  retirePmPlanSchema,
  updatePmPlanSchema,
  createTaskSchema,
  deviceHistoryQuerySchema,
  listTasksQuerySchema,
  recordWorkSchema,
  reportIssueSchema,
  updateTaskSchema,
  changeEquipmentStatusSchema,
  createEquipmentSchema,
  listEquipmentQuerySchema,
  notificationSettingsSchema,
  statusHistoryQuerySchema,
  reportDefaultsSchema,
  requestOtpSchema,
  updateEquipmentSchema,
  updateProfileSchema,
  verifyOtpSchema,
  generateReportSchema,
  reportJobListQuerySchema,
  addListEntrySchema,
  closeRecallActionSchema,
  closeRecallSchema,
  listRecallActionsQuerySchema,
  listRecallsQuerySchema,
  recallNoticeSchema,
  updateRecallNoticeSchema,
  updateListEntrySchema,
  inventoryExportQuerySchema,
  inventoryImportRequestSchema,
  inventoryImportRowsQuerySchema,
} from '@caliber/contracts';
import { z } from 'zod';
import { inventoryTemplateQuerySchema } from '../equipment/inventory-template';

type Method = 'get' | 'post' | 'put' | 'delete';

export interface RouteDoc {
  /** A stable name for generated clients: verbNoun, unique across the document. */
  operationId: string;
  method: Method;
  /** With the /api prefix, in OpenAPI's `{id}` form. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** No session needed. */
  public?: boolean;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** Status → what it means; 2xx first. */
  responses: Record<number, string>;
}

const REFUSALS = {
  400: 'Invalid input; `message` says what to fix.',
  401: 'No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …").',
};
const SERVICE_DOWN = { 503: 'The service behind this route is not answering; try again.' };
/** What a busy gateway answers a route whose file is read or written in its file workers (shared by all of them). */
const FILE_WORKERS_BUSY = {
  429: 'You have a file being read or written already (an upload or an export; `message` says which): wait for its answer (`Retry-After`).',
  503: 'Ten files (roster and inventory uploads, inventory exports) are being read, written or waiting already (`Retry-After`), or the service behind this route is not answering; try again.',
};
/** How a roster file may be refused for its size, and what a busy gateway answers. */
const ROSTER_FILE_LIMITS = {
  413: 'The body is larger than 3 MB; or the file is too large to read: a workbook that unpacks to more than 16 MB (refused from its ZIP directory, before anything is inflated), or a file that needs more than 64 MB of memory or 20 s to read.',
  ...FILE_WORKERS_BUSY,
};
/** How an inventory file may be refused for its size, and what a busy gateway answers. */
const INVENTORY_FILE_LIMITS = {
  413: 'The body is larger than 11 MB; or the file is too large to read: a workbook that unpacks to more than 96 MB (refused from its ZIP directory, before anything is inflated), or a file that needs more than 192 MB of memory or 30 s to read.',
  ...FILE_WORKERS_BUSY,
};
/** How an analyser file may be refused for its size, and what a busy gateway answers. */
const SAFETY_FILE_LIMITS = {
  413: 'The body is larger than 3 MB; or the file is larger than 2 MB, holds more than 1,000 tests, or its tests hold more text than one check takes (800 KB); or it needs more than 64 MB of memory or 10 s to read.',
  ...FILE_WORKERS_BUSY,
};
/** An inventory import's id in the path: the person's own import, kept 24 hours. */
const IMPORT_NOT_FOUND = 'No such import: not staged, not yours, discarded, or older than 24 hours.';
/** Every route that takes a body may refuse it before any handler runs. */
const BODY_REFUSALS = {
  413: 'The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default).',
  415: 'The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding.',
};

/** Every route the gateway serves, documented from the same contract schemas that validate it. */
export const ROUTES: RouteDoc[] = [
  {
    operationId: 'requestOtp',
    method: 'post',
    path: '/api/auth/request-otp',
    tag: 'Sign-in',
    summary: 'Send a one-time code to the phone on the roster',
    public: true,
    body: requestOtpSchema,
    responses: {
      200: 'Code sent: `{message, phoneHint, expiresInSeconds, resendAfterSeconds}`.',
      400: REFUSALS[400],
      403: 'The account is deactivated.',
      404: 'The service number is not on the roster.',
      429: 'Too many requests, or within 30 s of the previous code (`Retry-After`).',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'verifyOtp',
    method: 'post',
    path: '/api/auth/verify-otp',
    tag: 'Sign-in',
    summary: 'Exchange the code for a session token',
    public: true,
    body: verifyOtpSchema,
    responses: {
      200: 'Signed in: `{token, user}`.',
      400: REFUSALS[400],
      422: 'Wrong, expired, used or locked code, or one ended by a change of the account (phone, activity, role) since it was sent (`OTP_WITHDRAWN`); `message` says which.',
      429: 'Too many attempts.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getCurrentUser',
    method: 'get',
    path: '/api/auth/me',
    tag: 'Sign-in',
    summary: 'The signed-in user, with saved notification settings and report defaults',
    responses: { 200: '`{user}`', 401: REFUSALS[401] },
  },
  {
    operationId: 'logout',
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Sign-in',
    summary: 'End this session on the server: its token stops working everywhere at once',
    responses: { 204: 'Signed out.', 401: REFUSALS[401], ...SERVICE_DOWN },
  },
  {
    operationId: 'updateOwnProfile',
    method: 'put',
    path: '/api/users/me',
    tag: 'Settings',
    summary: 'Change your own name and e-mail',
    description:
      'A new e-mail address does not replace yours at once: a confirmation link is mailed to it, it is answered as `user.pendingEmail`, and `user.email` stays in force until the link is opened (`POST /api/auth/confirm-email`). Sending the pending address again changes nothing; your address in force cancels the pending change; `""` clears both. A new address is refused past your limit of confirmation mails (one a minute, five a day), and nothing is saved. See docs/email-addresses.md.',
    body: updateProfileSchema,
    responses: {
      200: '`{user}`',
      ...REFUSALS,
      409: 'The e-mail address belongs to someone else.',
      429: 'A confirmation mail was sent less than a minute ago, or five in the last 24 hours (`Retry-After`); nothing is saved.',
      503: 'The confirmation could not be mailed; nothing is saved.',
    },
  },
  {
    operationId: 'sendEmailConfirmation',
    method: 'post',
    path: '/api/users/me/email/confirmation',
    tag: 'Settings',
    summary: 'Mail a new confirmation link for your pending e-mail address, or for your own unconfirmed one',
    description:
      'Only the newest link works. An address set by someone else (the staff screens, a roster import) or kept from before is not confirmed: this mails it a link. Answers `{user}`.',
    responses: {
      200: '`{user}`, with `pendingEmail` the address the link was sent to.',
      401: REFUSALS[401],
      409: 'Nothing to confirm: no address, or yours is confirmed already; or the address belongs to someone else now.',
      429: 'A confirmation mail was sent less than a minute ago, or five in the last 24 hours (`Retry-After`).',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'cancelEmailChange',
    method: 'delete',
    path: '/api/users/me/email/pending',
    tag: 'Settings',
    summary: 'Cancel your pending e-mail change: its link stops working, your address in force stays',
    responses: { 200: '`{user}`', 401: REFUSALS[401], ...SERVICE_DOWN },
  },
  {
    operationId: 'confirmEmail',
    method: 'post',
    path: '/api/auth/confirm-email',
    tag: 'Settings',
    summary: "Confirm an e-mail address with its link's token, signed in or not",
    description:
      "The web app's `/confirm-email?token=…` page sends it when the person chooses Confirm. The address becomes the person's address in force, confirmed: reports may be mailed to it. Answers `{email, message}`.",
    public: true,
    body: confirmEmailSchema,
    responses: {
      200: '`{email, message}`',
      400: 'The token is not a whole link token.',
      403: 'The account is deactivated.',
      404: 'No such link.',
      409: 'The address was confirmed by someone else meanwhile: one address, one person.',
      410: 'The link has been used, has expired (24 hours), was replaced by a newer one or cancelled; `message` says which.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'updateNotificationSettings',
    method: 'put',
    path: '/api/settings/notifications',
    tag: 'Settings',
    summary: 'Save notification settings',
    body: notificationSettingsSchema,
    responses: { 200: '`{user}`', ...REFUSALS },
  },
  {
    operationId: 'updateReportDefaults',
    method: 'put',
    path: '/api/settings/reports',
    tag: 'Settings',
    summary: 'Save report defaults',
    body: reportDefaultsSchema,
    responses: { 200: '`{user}`', ...REFUSALS },
  },
  {
    operationId: 'updateAppearance',
    method: 'put',
    path: '/api/settings/appearance',
    tag: 'Settings',
    summary: 'Save the theme to your account, so it follows you to other devices',
    description: "`theme` is `light`, `dark`, or `null` to follow each device's system setting.",
    body: appearanceSettingsSchema,
    responses: { 200: '`{user}`', ...REFUSALS },
  },
  {
    operationId: 'listEquipment',
    method: 'get',
    path: '/api/equipment',
    tag: 'Equipment',
    summary: 'One page of the inventory',
    description:
      'Search matches name, serial number, model, manufacturer and location. `riskClass` is High, Medium, Low, or `unassessed` for items without an assessment; `pmProgram=unplanned` keeps the items in the PM program (EM number at the threshold or above) without an active PM plan. Answers `{equipment, total, page, pages, limit, filters}`; `filters` lists the departments, statuses and categories present.',
    query: listEquipmentQuerySchema,
    responses: { 200: 'The page.', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'getEquipment',
    method: 'get',
    path: '/api/equipment/{id}',
    tag: 'Equipment',
    summary: 'One item with its status history (newest first)',
    description:
      'With the newest 20 status changes (`statusHistory`) and their count (`statusHistoryTotal`); older ones come from `/history`.',
    responses: { 200: 'The item and `statusHistory`.', 401: REFUSALS[401], 404: 'Not in the inventory.' },
  },
  {
    operationId: 'getEquipmentStatusHistory',
    method: 'get',
    path: '/api/equipment/{id}/history',
    tag: 'Equipment',
    summary: "One page of an item's status history, newest first",
    query: statusHistoryQuerySchema,
    responses: {
      200: '`{entries, total, page, pages, limit}`',
      ...REFUSALS,
      404: 'Not in the inventory.',
    },
  },
  {
    operationId: 'getEquipmentMaintenanceHistory',
    method: 'get',
    path: '/api/equipment/{id}/maintenance',
    tag: 'Equipment',
    summary: "One page of a device's maintenance history: its tasks, newest first",
    description:
      'Anyone signed in, a Technician included, whoever each task was assigned to: read-only, each task with its type, status, dates, assignee, reporter, fault, repair details, spare parts and certification (not the notes, hours or costs). A device without tasks has an empty page.',
    query: deviceHistoryQuerySchema,
    responses: {
      200: '`{tasks, total, page, pages, limit}`',
      ...REFUSALS,
      404: 'Not a device id.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'createEquipment',
    method: 'post',
    path: '/api/equipment',
    tag: 'Equipment',
    summary: 'Add equipment',
    description: 'Any signed-in user; Decommissioned and Auctioned are for Engineers and Admins.',
    body: createEquipmentSchema,
    responses: {
      201: 'The created item.',
      ...REFUSALS,
      403: 'The status is reserved to Engineers and Admins.',
      409: 'The serial number is already in the inventory.',
    },
  },
  {
    operationId: 'updateEquipment',
    method: 'put',
    path: '/api/equipment/{id}',
    tag: 'Equipment',
    summary: 'Change fields of an item',
    description: 'Send only what changes; send `version` to refuse overwriting a newer change (409).',
    body: updateEquipmentSchema,
    responses: {
      200: 'The updated item.',
      ...REFUSALS,
      403: 'The status change is reserved to Engineers and Admins.',
      404: 'Not in the inventory.',
      409: 'Stale version, or the serial number is taken.',
    },
  },
  {
    operationId: 'changeEquipmentStatus',
    method: 'put',
    path: '/api/equipment/{id}/status',
    tag: 'Equipment',
    summary: 'Change the status, with an optional reason',
    description:
      'Send the `version` you read to refuse overwriting a newer change (409). Returning an item to Serviceable, and setting or leaving Decommissioned or Auctioned, are for Engineers and Admins.',
    body: changeEquipmentStatusSchema,
    responses: {
      200: 'The updated item.',
      ...REFUSALS,
      403: 'The change is reserved to Engineers and Admins.',
      404: 'Not in the inventory.',
      409: 'Someone changed the item since you read it.',
    },
  },
  {
    operationId: 'assessEquipmentRisk',
    method: 'put',
    path: '/api/equipment/{id}/risk',
    tag: 'Equipment',
    summary: "Save an item's Fennigkoh–Smith risk assessment (Engineers and Admins)",
    description:
      'The four scores, each from its published scale; the EM number (`total`), `riskClass`, `highRisk`, `lifeSupport` and `inPmProgram` follow from them with the configured PM program threshold. Send the `version` you read to refuse overwriting a newer change (409). Audited with the old and new values.',
    body: assessRiskRequestSchema,
    responses: {
      200: 'The item with its `risk`.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'Not in the inventory.',
      409: 'Someone changed the item since you read it.',
    },
  },
  {
    operationId: 'deleteEquipment',
    method: 'delete',
    path: '/api/equipment/{id}',
    tag: 'Equipment',
    summary: 'Remove an item from the inventory (Engineers and Admins)',
    description: 'The item leaves the list; its status history and audit record are kept.',
    responses: {
      200: '`{_id}`',
      401: REFUSALS[401],
      403: 'Engineers and Admins only.',
      404: 'Not in the inventory.',
    },
  },
  {
    operationId: 'getInventoryImportTemplate',
    method: 'get',
    path: '/api/equipment/import/template',
    tag: 'Equipment',
    summary: 'The inventory import template, as XLSX or CSV',
    description:
      "The columns an import reads (Name, Manufacturer, Model, Serial Number, UDI (optional), Department, Location, Installation Date, Warranty Expiry (optional), Status, Category). CSV: the header row alone. XLSX: each header with a note of what its column accepts and the other header names read for it; drop-downs of the statuses and the hospital's active departments and categories on rows 2 to 20,001; a second sheet, How to fill, with every column, the date forms, the UDI rule, the statuses and the lists. `inventory-template.xlsx|csv`.",
    query: inventoryTemplateQuerySchema,
    responses: { 200: 'The file, as an attachment.', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'stageInventoryImport',
    method: 'post',
    path: '/api/equipment/imports',
    tag: 'Equipment',
    summary: 'Read an inventory file and preview what importing it would do (Engineers and Admins)',
    description:
      'The file (XLSX or CSV, base64, at most 8 MB and 20,000 devices, on rows 2 to 20,001) is read: the first row names the columns, by their template names or the other names accepted (case, spaces and punctuation aside); columns it does not read are listed in `columnsIgnored`; a missing required column or a column named twice refuses the file. CSV may be UTF-8, UTF-16 or Windows-1252, separated by commas, semicolons or tabs. Its rows are staged with the equipment service, which checks each as Add Equipment checks a device and matches it by serial number: add, update (with the fields that change), unchanged, or refused with every reason and its cell. `dateOrder` (auto, DMY, MDY) says how 04/03/2021 reads. Nothing is written to the inventory; the import is kept 24 hours for its apply. Answers the import: its counts, the date order used, the columns read and ignored.',
    body: inventoryImportRequestSchema,
    responses: {
      201: 'The staged import (`InventoryImportDto`).',
      ...REFUSALS,
      403: 'Not an Engineer or Admin.',
      ...INVENTORY_FILE_LIMITS,
    },
  },
  {
    operationId: 'getInventoryImport',
    method: 'get',
    path: '/api/equipment/imports/{id}',
    tag: 'Equipment',
    summary: 'One of your staged imports: its counts, and after apply what was written',
    responses: {
      200: '`InventoryImportDto`',
      401: REFUSALS[401],
      403: 'Not an Engineer or Admin.',
      404: IMPORT_NOT_FOUND,
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'listInventoryImportRows',
    method: 'get',
    path: '/api/equipment/imports/{id}/rows',
    tag: 'Equipment',
    summary: "One page of a staged import's rows, in file order, optionally of one action",
    query: inventoryImportRowsQuerySchema,
    responses: {
      200: '`{rows, total, page, pages, limit}`: each row with its line, action, changes and problems.',
      ...REFUSALS,
      403: 'Not an Engineer or Admin.',
      404: IMPORT_NOT_FOUND,
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'applyInventoryImport',
    method: 'post',
    path: '/api/equipment/imports/{id}/apply',
    tag: 'Equipment',
    summary: 'Apply a staged import: write every row that is still valid (Engineers and Admins)',
    description:
      'Every row is checked again against the inventory as it is now, in one transaction; valid rows are added or updated, each audited, and one `equipment:imported` event tells the screens. Refused rows are left out and counted. Answers the import with `applied {added, updated}`.',
    responses: {
      200: '`InventoryImportDto`, applied.',
      401: REFUSALS[401],
      403: 'Not an Engineer or Admin.',
      404: IMPORT_NOT_FOUND,
      409: 'Already applied.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'discardInventoryImport',
    method: 'delete',
    path: '/api/equipment/imports/{id}',
    tag: 'Equipment',
    summary: 'Discard a staged import without writing it',
    responses: {
      200: '`{_id}`',
      401: REFUSALS[401],
      403: 'Not an Engineer or Admin.',
      404: IMPORT_NOT_FOUND,
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getEquipmentSafetyTests',
    method: 'get',
    path: '/api/equipment/{id}/safety-tests',
    tag: 'Electrical safety',
    summary: "A device's electrical-safety tests (IEC 62353), newest first, and when the next is due",
    description:
      "Anyone signed in. The latest 50 tests with each measurement, the limit applied and its source, the computed result, the analyser's own verdict when imported, and the Repair task a failure opened; `due` is the due date of the device's active Safety Testing PM plan (its earliest open occurrence, else the plan's next due date), null without such a plan.",
    responses: {
      200: '`{tests, total, due}` (`DeviceSafetyTests`)',
      ...REFUSALS,
      404: 'Not a device id.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'recordSafetyTest',
    method: 'post',
    path: '/api/equipment/{id}/safety-tests',
    tag: 'Electrical safety',
    summary: 'Record an electrical-safety test of a device (Engineers and Admins)',
    description:
      'The measurements in ohm, megaohm and microampere; null where not measured. A Class I device needs its protective earth, a mains-powered one its equipment leakage, a BF or CF applied part its leakage; a value where the standard asks for none (protective earth of Class II, type B applied-part leakage) is refused. The result is computed from the IEC 62353 limits, never sent. `openRepairTask` on a failing test opens a High-priority Repair task in the same transaction. Audited.',
    body: recordSafetyTestSchema,
    responses: {
      201: '`{test}` (`SafetyTestDto`)',
      ...REFUSALS,
      403: 'Not an Engineer or Admin.',
      404: 'Not a device of the inventory.',
      409: 'The device is decommissioned or auctioned.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getSafetyTest',
    method: 'get',
    path: '/api/safety-tests/{id}',
    tag: 'Electrical safety',
    summary: 'One electrical-safety test',
    responses: { 200: '`SafetyTestDto`', ...REFUSALS, 404: 'No such test.', ...SERVICE_DOWN },
  },
  {
    operationId: 'previewSafetyImport',
    method: 'post',
    path: '/api/safety-tests/imports/preview',
    tag: 'Electrical safety',
    summary: "Read a safety analyser's CSV export and preview each row (Engineers and Admins)",
    description:
      "The file (CSV, base64, at most 2 MB and 1,000 tests) is read in the gateway's file workers by the parser its first line names: Caliber's safety-test CSV, a Fluke ESA615/Ansur-modelled table, or a Rigel 288+ complete result. Each row is matched to a device by serial number and answered as to import (with its computed result, and whether the analyser's own verdict disagrees) or refused: no such device, ambiguous, a duplicate of a recorded test or of an earlier row, an unreadable value. Nothing is written.",
    body: safetyImportRequestSchema,
    responses: {
      200: '`SafetyImportPreview`',
      ...REFUSALS,
      403: 'Not an Engineer or Admin.',
      ...SAFETY_FILE_LIMITS,
    },
  },
  {
    operationId: 'applySafetyImport',
    method: 'post',
    path: '/api/safety-tests/imports/apply',
    tag: 'Electrical safety',
    summary: 'Import the importable rows of a safety analyser file (Engineers and Admins)',
    description:
      'The same file again: its rows are checked again and every importable one written in one transaction, each audited; `openRepairTasks` opens a Repair task per failed test. A test already on record (same device, format, date and time) is a duplicate, so applying a file twice imports nothing new.',
    body: safetyImportRequestSchema,
    responses: {
      200: '`SafetyImportApplied`: the preview with what was written.',
      ...REFUSALS,
      403: 'Not an Engineer or Admin.',
      ...SAFETY_FILE_LIMITS,
    },
  },
  {
    operationId: 'exportInventory',
    method: 'get',
    path: '/api/equipment/export',
    tag: 'Equipment',
    summary: 'The inventory as filtered, as XLSX or CSV, every field',
    description:
      "The list's filters (`q`, `department`, `status`, `category`, `riskClass`, `pmProgram`), at most 50,000 devices, in name order. The import's columns come first under its headers (so an exported file imports again), then GTIN, lot, UDI dates, the risk assessment, the device's id and who added and changed it. XLSX: text cells as text (never a formula), dates as dates, date-times on the hospital's clock (`HOSPITAL_TIME_ZONE`), a frozen header row with an autofilter. CSV: UTF-8 with a byte-order mark, a text that a spreadsheet would run as a formula (= + - @ first) written with a quote in front. `inventory-YYYY-MM-DD.xlsx|csv`.",
    query: inventoryExportQuerySchema,
    responses: {
      200: 'The file, as an attachment.',
      ...REFUSALS,
      413: 'The inventory as filtered holds more than 50,000 devices: filter it and export each part. Or the workbook needs more than 128 MB of memory or 30 s to write.',
      ...FILE_WORKERS_BUSY,
    },
  },
  {
    operationId: 'printAssetLabels',
    method: 'post',
    path: '/api/equipment/labels',
    tag: 'Equipment',
    summary: 'A PDF of QR asset tags for the devices chosen or the inventory as filtered',
    description:
      "`{layout, ids}` (the devices chosen) or `{layout, filters}` (the list's filters), and `skip`: labels already used on the first sheet. At most 5,000 labels, in name order, each with the device's name, serial number, department and a QR code of its address (`PUBLIC_URL` or the address asked, then `/equipment/{id}`). Layouts: `a4-21` (Avery L7160), `a4-24` (L7159), `a4-14` (L7163), `letter-30` (Avery 5160), `letter-10` (5163), `roll-62x29` (Brother DK-11209) and `roll-2x1` (Zebra), one label a page on a roll. `asset-labels-YYYY-MM-DD.pdf`.",
    body: assetLabelsRequestSchema,
    responses: {
      200: 'The PDF, as an attachment.',
      ...REFUSALS,
      404: 'A device chosen is no longer in the inventory, or no device matches the filters.',
      413: 'More than 5,000 devices match the filters: filter them and print each part. Or the sheet needs more than 128 MB of memory or 30 s to make.',
      ...FILE_WORKERS_BUSY,
    },
  },
  {
    operationId: 'getHospitalLists',
    method: 'get',
    path: '/api/lists',
    tag: 'Lists',
    summary: "The hospital's departments (with their wards) and equipment categories",
    description:
      'Every entry, retired ones too (`retired`), with the names it had (`formerNames`): forms offer the active entries, filters and records show every one. Answers `{departments: [{…, wards}], categories}`.',
    responses: { 200: 'The lists.', 401: REFUSALS[401], ...SERVICE_DOWN },
  },
  {
    operationId: 'addListEntry',
    method: 'post',
    path: '/api/lists',
    tag: 'Lists',
    summary: 'Add a department, a ward of a department, or a category (Admins)',
    description:
      'A name belongs to one entry of its list for good, whatever its case: one that another entry has or had is refused (409). Each list is bounded (300 departments, 1,000 wards, 150 categories).',
    body: addListEntrySchema,
    responses: {
      201: 'The new entry.',
      ...REFUSALS,
      403: 'Admins only.',
      409: 'The name is taken.',
      422: 'The list is full.',
    },
  },
  {
    operationId: 'updateListEntry',
    method: 'put',
    path: '/api/lists/{id}',
    tag: 'Lists',
    summary: 'Rename, retire or restore an entry (Admins)',
    description:
      'Send the `version` you read. A rename keeps the old name as a former name (it still finds the entry) and rewrites every device, member of staff and task that carries it, each with an audit row. A retired entry is no longer offered for new records and stays on those that carry it.',
    body: updateListEntrySchema,
    responses: {
      200: 'The entry.',
      ...REFUSALS,
      403: 'Admins only.',
      404: 'Not on the lists.',
      409: 'Stale version, or the name is taken.',
    },
  },
  {
    operationId: 'listRecalls',
    method: 'get',
    path: '/api/recalls',
    tag: 'Recalls',
    summary: 'Recalls and field safety notices, open ones first',
    description:
      'Each with its affected devices and how many of their actions are closed. `state` is `open`, `closed` or empty for both. Answers `{recalls, total, page, pages, limit, open, openActions}`.',
    query: listRecallsQuerySchema,
    responses: { 200: 'The page.', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'previewRecall',
    method: 'post',
    path: '/api/recalls/preview',
    tag: 'Recalls',
    summary: 'The devices a notice would find, before it is saved (Engineers and Admins)',
    description:
      'Nothing is written. Answers `{total, devices}` (the first 50 in name order) and `warning` when the notice lists neither serial numbers nor lots, so it applies to every device of its models.',
    body: recallNoticeSchema,
    responses: {
      200: 'The matching devices.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'createRecall',
    method: 'post',
    path: '/api/recalls',
    tag: 'Recalls',
    summary: 'Record a recall or field safety notice (Engineers and Admins)',
    description:
      'The notice is matched against the inventory as it is saved: each device it finds gets an open action. Manufacturer and models match without regard to case, spaces or punctuation; serial numbers match the list or a range (same letters before the number, numbers compared as numbers); lots match the device’s lot. At most 5,000 serial numbers, 500 ranges and 1,000 lots. A source’s reference is recorded once (case and spaces not counting): a second save, a retry after a lost answer included, is 409 with `existingId`, the notice on record. The answer carries the notice and its counts (`affected`, `closed`); its devices are read with `GET /api/recalls/{id}/actions`.',
    body: recallNoticeSchema,
    responses: {
      201: 'The recall and its counts.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      409: 'This source’s reference is already recorded: `existingId` is that recall.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getRecall',
    method: 'get',
    path: '/api/recalls/{id}',
    tag: 'Recalls',
    summary: 'One recall and its counts',
    description:
      'The notice as recorded, `affected` (devices it found) and `closed` (their actions closed), and `duplicateOf` when it repeats a notice recorded first. Its devices: `GET /api/recalls/{id}/actions`.',
    responses: {
      200: 'The recall.',
      401: REFUSALS[401],
      404: 'No such recall.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getRecallActions',
    method: 'get',
    path: '/api/recalls/{id}/actions',
    tag: 'Recalls',
    summary: 'A page of the devices a recall found, each with its action',
    description:
      'Open actions first, then by device name. Answers `{actions, total, page, pages, limit}` (`limit` 25 by default, at most 100).',
    query: listRecallActionsQuerySchema,
    responses: {
      200: 'The page.',
      ...REFUSALS,
      404: 'No such recall.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'updateRecall',
    method: 'put',
    path: '/api/recalls/{id}',
    tag: 'Recalls',
    summary: 'Edit a recall (Engineers and Admins)',
    description:
      'The whole notice with the `version` you read. It is matched again: devices the new criteria find are added; devices found before keep their actions.',
    body: updateRecallNoticeSchema,
    responses: {
      200: 'The recall and its counts.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'No such recall.',
      409: 'Changed by someone else since you read it, or another recall records this source’s reference (`existingId`).',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'closeRecallAction',
    method: 'put',
    path: '/api/recall-actions/{id}',
    tag: 'Recalls',
    summary: "Close one affected device's action (Engineers and Admins)",
    description:
      '`{closeWith: "task", taskId}`: a completed task on that device; or `{closeWith: "decision", decision}`: at least 20 characters saying what was decided and why. The recall closes with its last open action.',
    body: closeRecallActionSchema,
    responses: {
      200: 'The action.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'No such action.',
      409: 'Already closed, or changed since you read it.',
      422: 'The task is on another device, not completed, or does not exist.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'closeRecall',
    method: 'put',
    path: '/api/recalls/{id}/close',
    tag: 'Recalls',
    summary: 'Close a recall that has no open action, with a decision (Engineers and Admins)',
    description:
      'For a notice that found no device of the inventory: `{decision, version}`, at least 20 characters saying what was checked. A recall with devices closes by itself when the last of them is closed.',
    body: closeRecallSchema,
    responses: {
      200: 'The closed recall.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'No such recall.',
      409: 'Already closed, devices still await action, or changed since you read it.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getDeviceRecalls',
    method: 'get',
    path: '/api/equipment/{id}/recalls',
    tag: 'Recalls',
    summary: 'The recalls that found a device, each with its action',
    responses: {
      200: '`{recalls: [{recall, action}]}`',
      401: REFUSALS[401],
      404: 'Not in the inventory.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'listTasks',
    method: 'get',
    path: '/api/tasks',
    tag: 'Tasks',
    summary: 'One page of tasks, with counts by status',
    description:
      'Technicians get the tasks assigned to them and the faults they reported (whatever the query says; a reported task assigned to someone else is theirs to read only); `my=1` asks for the tasks assigned to you, `reported=1` for those you reported. Search matches title, device, serial number, assignee and description. Answers `{tasks, total, page, pages, limit, counts}`; `counts` (total, pending, inProgress, completed) applies every filter but the status.',
    query: listTasksQuerySchema,
    responses: { 200: 'The page.', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'getTask',
    method: 'get',
    path: '/api/tasks/{id}',
    tag: 'Tasks',
    summary: 'One task with its spare parts, status history and audit trail',
    responses: {
      200: 'The task, `statusHistory` and `audit` (newest first, at most 100 each, with their totals).',
      401: REFUSALS[401],
      404: 'No such task, or (for a Technician) neither assigned to them nor reported by them.',
    },
  },
  {
    operationId: 'createTask',
    method: 'post',
    path: '/api/tasks',
    tag: 'Tasks',
    summary: 'Create a task (Engineers and Admins)',
    description:
      "The one create body of the Assign Task modal and the Create Task form: the device is `equipmentId`; `taskType` defaults to Repair. A Preventive task names `pmType` and `pmInterval` and schedules a PM plan (on the manufacturer's schedule) whose first occurrence it is, due on `dueDate` (required), Pending, without comments; `task.plan` names the plan. The assignee must be active and approved to receive tasks. Answers `{task}`.",
    body: createTaskSchema,
    responses: {
      201: '`{task}`',
      ...REFUSALS,
      403: 'Engineers and Admins only; others report faults with Report Issue.',
      404: 'The device is not in the inventory.',
      409: 'A Preventive task on a Decommissioned or Auctioned device.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'updateTask',
    method: 'put',
    path: '/api/tasks/{id}',
    tag: 'Tasks',
    summary: 'Edit or (re)assign a task (Engineers and Admins)',
    description: 'Send only what changes; send `version` to refuse overwriting a newer change (409).',
    body: updateTaskSchema,
    responses: {
      200: 'The task.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'No such task.',
      409: 'Stale version, the task is certified, a PM occurrence would lose its schedule, or a task would turn Preventive (schedule a PM plan instead).',
    },
  },
  {
    operationId: 'changeTaskStatus',
    method: 'put',
    path: '/api/tasks/{id}/status',
    tag: 'Tasks',
    summary: 'Change the status of a task',
    description:
      'Engineers and Admins change any; a Technician moves their own between Pending, In Progress and Completed. Completing sets `completedDate` and `needsCertification`; reopening clears them. A task is started or completed only when assigned; a certified task is final.',
    body: changeTaskStatusSchema,
    responses: {
      200: 'The task.',
      ...REFUSALS,
      403: 'Not yours to change, or Managers (who only read).',
      404: 'No such task, or not one of yours.',
      409: 'Stale version, unassigned, or certified.',
    },
  },
  {
    operationId: 'recordTaskWork',
    method: 'put',
    path: '/api/tasks/{id}/work',
    tag: 'Tasks',
    summary: 'Record the work done: fault, repair, spare parts, hours',
    description:
      'The spare parts replace the previous list. A Technician records work on their own uncertified tasks; Engineers and Admins on any uncertified task.',
    body: recordWorkSchema,
    responses: {
      200: 'The task.',
      ...REFUSALS,
      403: 'Not yours, or Managers.',
      404: 'No such task, or not one of yours.',
      409: 'Stale version, certified or cancelled.',
    },
  },
  {
    operationId: 'certifyTask',
    method: 'put',
    path: '/api/tasks/{id}/certify',
    tag: 'Tasks',
    summary: 'Certify completed work (Engineers and Admins)',
    description:
      'Once, on a Completed task awaiting certification. No body, or `{version}` to refuse certifying work changed since it was read (409). The device returns to Serviceable (unless Decommissioned or Auctioned, or another Repair task on it is still open), with a status-history row naming the task, delivered to the equipment service exactly once even if it is down now.',
    responses: {
      200: 'The certified task.',
      401: REFUSALS[401],
      403: 'Engineers and Admins only.',
      404: 'No such task.',
      409: 'Not completed, not awaiting certification, or already certified.',
    },
  },
  {
    operationId: 'deleteTask',
    method: 'delete',
    path: '/api/tasks/{id}',
    tag: 'Tasks',
    summary: 'Remove a task (Engineers and Admins)',
    description:
      'The task leaves the lists; its history and audit record are kept. Certified work is the record the inventory was changed from and is not deleted (409).',
    responses: {
      200: '`{_id}`',
      401: REFUSALS[401],
      403: 'Engineers and Admins only.',
      404: 'No such task.',
      409: 'The work is certified.',
    },
  },
  {
    operationId: 'reportIssue',
    method: 'post',
    path: '/api/maintenance/report',
    tag: 'Tasks',
    summary: 'Report a fault on a device (anyone signed in)',
    description:
      'Creates an unassigned Pending Repair task (priority from the severity: Critical is Urgent) naming the reporter, who is always the signed-in person (`reportedBy` is ignored), and takes a Serviceable device out of use (Unserviceable). Answers `{task}`.',
    body: reportIssueSchema,
    responses: { 201: '`{task}`', ...REFUSALS, 404: 'The device is not in the inventory.', ...SERVICE_DOWN },
  },
  {
    operationId: 'schedulePreventiveMaintenance',
    method: 'post',
    path: '/api/maintenance/schedule',
    tag: 'Tasks',
    summary: 'Schedule recurring preventive maintenance: a PM plan (Engineers and Admins)',
    description:
      'Creates the plan and its first occurrence, a Preventive task due on `firstDueDate`. Certifying an occurrence creates the next one, due where the schedule puts it (counted from the first due date). An alternative maintenance schedule needs its `justification`. Answers `{plan, task}`.',
    body: createPmPlanSchema,
    responses: {
      201: '`{plan, task}`',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'The device is not in the inventory.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getPmCompliance',
    method: 'get',
    path: '/api/maintenance/compliance',
    tag: 'Tasks',
    summary: 'PM compliance for a period (anyone signed in)',
    description:
      'For the PM occurrences due from `from` to `to` (default: this month), optionally of one department or category: due, completed on time (on or before the due date), late, missed (not done and past due, or cancelled), pending (not yet due), and the rate on time / (due − pending); overall, for high-risk and for life-support devices. Also how many occurrences are overdue now, whatever their due date (`overdue.total`; a Technician: of their own work), and how many devices in the PM program have no active plan (`unplanned.total`); the lists themselves are `GET /api/maintenance/compliance/overdue` and `/unplanned`.',
    query: complianceQuerySchema,
    responses: {
      200: '`{from, to, today, department, category, overall, highRisk, lifeSupport, overdue: {total}, unplanned: {total}, riskDataAsOf}`',
      ...REFUSALS,
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'listOverduePm',
    method: 'get',
    path: '/api/maintenance/compliance/overdue',
    tag: 'Tasks',
    summary: 'A page of the overdue PM occurrences (anyone signed in; a Technician: their own)',
    description:
      'Every occurrence of a PM plan whose due date has passed and that is neither completed nor cancelled, whatever its due date, earliest due first; optionally of one `department` or `category`. A Technician gets only the occurrences assigned to them. Answers `{items, total, page, pages, limit, today}` (`limit` 25 by default, at most 100; `today` is the day the days overdue are counted to).',
    query: complianceListQuerySchema,
    responses: { 200: '`{items, total, page, pages, limit, today}`', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'listUnplannedPmDevices',
    method: 'get',
    path: '/api/maintenance/compliance/unplanned',
    tag: 'Tasks',
    summary: 'A page of the devices in the PM program without an active plan (anyone signed in)',
    description:
      'Devices whose risk assessment puts them in the PM program, in use (not retired or removed), that no active plan covers; life support first, then high risk, then by name; optionally of one `department` or `category`. Answers `{items, total, page, pages, limit}` (`limit` 25 by default, at most 100).',
    query: complianceListQuerySchema,
    responses: { 200: '`{items, total, page, pages, limit}`', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'listPmPlans',
    method: 'get',
    path: '/api/maintenance/plans',
    tag: 'Tasks',
    summary: 'PM plans, newest first (anyone signed in)',
    description:
      '`state` active (default), retired or all; `equipment` for one device. Answers `{plans, total, page, pages, limit}`.',
    query: listPmPlansQuerySchema,
    responses: { 200: '`{plans, total, page, pages, limit}`', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'getPmPlan',
    method: 'get',
    path: '/api/maintenance/plans/{id}',
    tag: 'Tasks',
    summary: 'One PM plan with its schedule (anyone signed in)',
    description: 'The plan, with the next occurrence to be created and its due date.',
    responses: { 200: 'The plan.', ...REFUSALS, 404: 'No such plan.', ...SERVICE_DOWN },
  },
  {
    operationId: 'updatePmPlan',
    method: 'put',
    path: '/api/maintenance/plans/{id}',
    tag: 'Tasks',
    summary: 'Change a PM plan (Engineers and Admins)',
    description:
      'Changes apply to occurrences created from now on; occurrences already created, finished or not, keep what they have. A new `interval` or `nextDueDate` re-anchors the schedule at the next occurrence not created yet. Send `version` to refuse overwriting a newer change (409).',
    body: updatePmPlanSchema,
    responses: {
      200: 'The plan.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'No such plan.',
      409: 'Retired, or changed since `version`.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'retirePmPlan',
    method: 'put',
    path: '/api/maintenance/plans/{id}/retire',
    tag: 'Tasks',
    summary: 'Retire a PM plan (Engineers and Admins)',
    description:
      'No more occurrences are created. Occurrences not started and not yet due are withdrawn; those started, finished or overdue stay, so retiring a plan never hides a missed PM. The reason is recorded.',
    body: retirePmPlanSchema,
    responses: {
      200: 'The retired plan.',
      ...REFUSALS,
      403: 'Engineers and Admins only.',
      404: 'No such plan.',
      409: 'Already retired, or changed since `version`.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'listUsers',
    method: 'get',
    path: '/api/users',
    tag: 'Staff',
    summary: 'The staff roster (Engineers, Admins and Managers)',
    description:
      '`q` searches name, service number, e-mail and phone; `role`, `department`, `active` (true or false) filter; 12 a page by default. Answers `{users, data, total, page, pages, limit}` (`data` repeats `users`).',
    query: listUsersQuerySchema,
    responses: {
      200: '`{users, data, total, page, pages, limit}`',
      ...REFUSALS,
      403: 'Technicians.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'exportUsers',
    method: 'get',
    path: '/api/users/export',
    tag: 'Staff',
    summary: 'The roster as an XLSX file (Engineers, Admins and Managers)',
    description:
      'Every person, in the columns an import reads (Service Number, Full Name, Email, Phone, Role, Department, Active, May Receive Tasks), so an export is also a template. `roster-YYYY-MM-DD.xlsx`.',
    responses: { 200: 'The workbook.', ...REFUSALS, 403: 'Technicians.', ...SERVICE_DOWN },
  },
  {
    operationId: 'previewRosterImport',
    method: 'post',
    path: '/api/users/import/preview',
    tag: 'Staff',
    summary: 'What importing a roster file would do, row by row (Engineers and Admins)',
    description:
      'The file (XLSX or CSV, base64, at most 2 MB and 2,500 people, on rows 2 to 2,501; the first row names the columns) is read and each row checked as Add User checks a person, against the rest of the file and against the roster: add, change (an existing service number), unchanged, or refused with every reason (missing service number, bad phone, unknown department, duplicate within the file, an e-mail of someone else, a roster rule). Nothing is written.',
    body: rosterImportRequestSchema,
    responses: {
      200: '`{rows, summary}`',
      ...REFUSALS,
      403: 'Not an Engineer or Admin.',
      ...ROSTER_FILE_LIMITS,
    },
  },
  {
    operationId: 'importRoster',
    method: 'post',
    path: '/api/users/import',
    tag: 'Staff',
    summary: 'Import a roster file (Engineers and Admins)',
    description:
      'Checks the file again and writes every valid row in one transaction, each audited (`imported`, with its line); refused rows are left out. Answers the rows, the summary and `applied {added, changed}`.',
    body: rosterImportRequestSchema,
    responses: {
      200: '`{rows, summary, applied}`',
      ...REFUSALS,
      403: 'Not an Engineer or Admin.',
      ...ROSTER_FILE_LIMITS,
    },
  },
  {
    operationId: 'getUser',
    method: 'get',
    path: '/api/users/{id}',
    tag: 'Staff',
    summary: 'One person on the roster (Engineers, Admins and Managers)',
    description: 'The person as every call answers them.',
    responses: {
      200: 'The person.',
      ...REFUSALS,
      403: 'Technicians.',
      404: 'Not on the roster.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'createUser',
    method: 'post',
    path: '/api/users',
    tag: 'Staff',
    summary: 'Add a person to the roster (Engineers and Admins)',
    description:
      'Service number and phone are required: sign-in is by a code sent to that phone. The phone is stored in E.164 (a number without its country code is read as `PHONE_DEFAULT_COUNTRY`). Service numbers and e-mail addresses are unique whatever their case. Only an Admin adds an Admin.',
    body: createUserSchema,
    responses: {
      201: 'The person.',
      ...REFUSALS,
      403: 'Not an Engineer or Admin, or the Admin role by a non-Admin.',
      409: 'Service number or e-mail already on the roster.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'updateUser',
    method: 'put',
    path: '/api/users/{id}',
    tag: 'Staff',
    summary: 'Change a person on the roster (Engineers and Admins)',
    description:
      'Nobody changes their own role or deactivates themselves; only an Admin grants or removes the Admin role or changes an Admin; the last active Admin is never demoted or deactivated. Deactivating someone or changing their role ends their sessions at once. Send `version` to refuse overwriting a newer change.',
    body: updateUserSchema,
    responses: {
      200: 'The person.',
      ...REFUSALS,
      403: 'A rule of the roster forbids it (the message says which).',
      404: 'Not on the roster.',
      409: 'The last active Admin, a taken service number or e-mail, or changed since `version`.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'deleteUser',
    method: 'delete',
    path: '/api/users/{id}',
    tag: 'Staff',
    summary: 'Remove a person from the roster for good (Engineers and Admins)',
    description:
      'They leave the roster and sign-in, and their sessions end at once; their name stays on the work they did (tasks, certifications, audit records). Nobody deletes themselves; only an Admin deletes an Admin; the last active Admin stays.',
    responses: {
      200: '`{_id}`',
      ...REFUSALS,
      403: 'A rule of the roster forbids it.',
      404: 'Not on the roster.',
      409: 'The last active Admin.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'listAssignees',
    method: 'get',
    path: '/api/users/preapproved/technicians',
    tag: 'Tasks',
    summary: 'Who may receive tasks, for the assignee selects',
    description:
      '`approved=true` (default): active people approved to receive tasks; `approved=any`: every active person (the technician filter). By name, at most `limit` (200). Answers `{technicians}`.',
    query: assigneeQuerySchema,
    responses: { 200: '`{technicians: [{_id, name, role, serviceNumber}]}`', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'listTaskUsers',
    method: 'get',
    path: '/api/auth/users',
    tag: 'Tasks',
    summary: "The Create Task form's Assign To list",
    description: 'The people approved to receive tasks, as `{users}`.',
    responses: { 200: '`{users: [{_id, name, role, serviceNumber}]}`', 401: REFUSALS[401], ...SERVICE_DOWN },
  },
  {
    operationId: 'generateReport',
    method: 'post',
    path: '/api/reports/generate',
    tag: 'Reports',
    summary: 'Generate reports as PDF, Excel or Word; optionally e-mail them and repeat them on a schedule',
    description:
      "The Generate Report dialog's body: `reports` (at least one of the eight types), `filters` (`dateFrom` ≤ `dateTo`, departments, categories, `staff`) and `options` (format, visuals, advanced, schedule, delivery). At least one of `delivery.downloadNow`, `delivery.email` or `schedule.enabled`. With Download Now, the answer waits for the file up to `REPORT_WAIT_SECONDS` (15 s) and is the file itself (`cmms-report-{timestamp}.{pdf|xlsx|docx}`); otherwise, or when it takes longer, it is 202 `{fileUrl, jobId, scheduleId}`: `fileUrl` is the report's page, which follows it live and downloads it when done. A schedule alone writes nothing now. `delivery.email` must be the caller's own confirmed address (`user.emailConfirmed`) or at one of `REPORT_MAIL_DOMAINS` (else 400, saying where reports may go and how to confirm an address).",
    body: generateReportSchema,
    responses: {
      200: 'The file (PDF, XLSX or DOCX), as an attachment.',
      202: '`{fileUrl, jobId, scheduleId}`',
      ...REFUSALS,
      ...BODY_REFUSALS,
      429: '`REPORT_LIMIT_REACHED`: the caller already has `REPORT_MAX_ACTIVE_PER_PERSON` (3) reports being prepared, or `REPORT_MAX_SCHEDULES_PER_PERSON` (10) live schedules; `message` says which and what to do. Nothing is stored.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'listReports',
    method: 'get',
    path: '/api/reports',
    tag: 'Reports',
    summary: "Your reports, newest first (Engineers and Admins: everyone's with `everyone=1`)",
    query: reportJobListQuerySchema,
    responses: { 200: '`{jobs, total, page, pages}`', ...REFUSALS, ...SERVICE_DOWN },
  },
  {
    operationId: 'listReportSchedules',
    method: 'get',
    path: '/api/reports/schedules',
    tag: 'Reports',
    summary: "Your report schedules (Engineers and Admins: everyone's), with their next run",
    responses: { 200: '`{schedules}`', 401: REFUSALS[401], ...SERVICE_DOWN },
  },
  {
    operationId: 'cancelReportSchedule',
    method: 'delete',
    path: '/api/reports/schedules/{id}',
    tag: 'Reports',
    summary: 'Cancel a report schedule (its owner, an Engineer or an Admin)',
    description: "The reports it made stay. Anyone else's schedule is 404.",
    responses: {
      200: '`{_id}`',
      401: REFUSALS[401],
      404: 'No such schedule (or not yours).',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getReport',
    method: 'get',
    path: '/api/reports/{id}',
    tag: 'Reports',
    summary: 'One report: its state, progress and file (its owner, Engineers and Admins)',
    responses: {
      200: 'The report.',
      401: REFUSALS[401],
      404: 'No such report (or not yours).',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getReportFile',
    method: 'get',
    path: '/api/reports/{id}/file',
    tag: 'Reports',
    summary: 'Download a finished report',
    responses: {
      200: 'The file, as an attachment.',
      401: REFUSALS[401],
      404: 'No such report (or not yours), or it expired.',
      409: 'Not written yet.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getDashboard',
    method: 'get',
    path: '/api/dashboard',
    tag: 'Operations',
    summary:
      'The dashboard: inventory and task figures with their 30-day trends, the latest tasks, PM completion, System Status and your last sign-in',
    description:
      "Composed from the services in parallel. A part whose service does not answer within 3 s is null and `unavailable` says why; the other parts still arrive (200). A Technician's task figures are their own. System Status says what is wrong (`problem`) to Engineers and Admins only (`details: true`); others get OK or not OK per part.",
    responses: { 200: '`DashboardResponse`', 401: REFUSALS[401] },
  },
  {
    operationId: 'getAuditTrail',
    method: 'get',
    path: '/api/audit',
    tag: 'Operations',
    summary: 'One page of the audit trail of every service, newest first (Engineers, Managers and Admins)',
    description:
      "Who changed what and when, with each field's old and new value, read from each service's own audit log and merged by time. Filters: `equipment` (the device a change concerns), `person` (changes the person made, and changes to their staff record), `from` and `to` (days on the hospital's calendar, both included). Answers `{rows, next}`; pass `next` back as `cursor` for the next, older page (null: no older rows). The cursor holds each service's own position, so paging never skips or repeats a row. Technicians are refused: the rows hold staff's personal details.",
    query: auditTrailQuerySchema,
    responses: {
      200: '`AuditTrailPage`',
      400: 'A filter or the cursor is not valid.',
      401: REFUSALS[401],
      403: 'Engineers, Managers and Admins only.',
      ...SERVICE_DOWN,
    },
  },
  {
    operationId: 'getHealth',
    method: 'get',
    path: '/api/health',
    tag: 'Operations',
    summary: 'Up or down: PostgreSQL, NATS, Redis and each service',
    description:
      'Answers `{status, checks}` with only `status` per part; the details are for Engineers and Admins.',
    public: true,
    responses: { 200: 'All up.', 503: 'Something is down; the body says which part.' },
  },
  {
    operationId: 'getHealthReady',
    method: 'get',
    path: '/api/health/ready',
    tag: 'Operations',
    summary: 'Whether this gateway replica can take requests: it reaches NATS (the readiness probe)',
    description:
      'Does not follow the domain services: one service down must not take every gateway replica out of service.',
    public: true,
    responses: { 200: '`{status: "ok"}`', 503: '`{status: "unavailable"}`: NATS cannot be reached.' },
  },
  {
    operationId: 'getHealthDetails',
    method: 'get',
    path: '/api/health/details',
    tag: 'Operations',
    summary: 'Each part with its latency and error, the version and the uptime (Engineers and Admins)',
    responses: {
      200: 'All up.',
      401: REFUSALS[401],
      403: 'Engineers and Admins only.',
      503: 'Something is down; the body says what and why.',
    },
  },
];

const errorBody = {
  type: 'object',
  required: ['statusCode', 'code', 'message', 'requestId'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string' },
    message: { type: 'string', description: 'For people: shown on the screens.' },
    details: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
    retryAfterSeconds: { type: 'integer' },
    existingId: {
      type: 'string',
      description:
        'With a 409 that says the record already exists (a recall of the same source and reference): its id.',
    },
    requestId: {
      type: 'string',
      description:
        'The request’s id, also answered in the X-Request-Id header of every response: the caller’s own X-Request-Id when it is 8 to 64 characters of letters, digits and . _ : -, otherwise a new one. Every log line of the request carries it.',
    },
  },
};

/** A contract schema as the JSON Schema of what a client sends. */
export const schemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** The OpenAPI 3.1 document served at /api/docs/openapi.json. */
export function openApiDocument(productName: string, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const parameters = [
      ...(route.path.includes('{id}')
        ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
        : []),
      ...Object.entries(route.query ? (schemaOf(route.query).properties ?? {}) : {}).map(
        ([name, schema]) => ({
          name,
          in: 'query',
          required: false,
          schema,
        }),
      ),
    ];
    paths[route.path] = {
      ...paths[route.path],
      [route.method]: {
        operationId: route.operationId,
        tags: [route.tag],
        summary: route.summary,
        ...(route.description ? { description: route.description } : {}),
        ...(route.public ? { security: [] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(route.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schemaOf(route.body) } },
              },
            }
          : {}),
        responses: Object.fromEntries(
          // A route's own words for a status (the roster import's 413) win over the common ones.
          Object.entries({ ...(route.body ? BODY_REFUSALS : {}), ...route.responses }).map(
            ([status, description]) => [
              status,
              Number(status) >= 400
                ? {
                    description,
                    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
                  }
                : { description },
            ],
          ),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${productName} CMMS API`,
      version,
      description:
        'Sign in with a service number and a one-time code, then send `Authorization: Bearer <token>`. Every refusal is JSON with a `message`. Live changes arrive over socket.io at /socket.io (handshake `auth: {token}`).',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorBody },
    },
    paths,
  };
}
