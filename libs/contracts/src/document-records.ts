import { z } from 'zod';
import { documentPurposeSchema, type DocumentPurpose } from './documents';
import { limitParam, pageFields, pageParam } from './paging';

/**
 * The records a document or photo is kept on, and which service keeps each: a device's own
 * documents, its model's manuals (shared by every device of that manufacturer and model), a
 * recall's notice (equipment); a task's photos and reports, a safety test's printout (maintenance).
 */
export const DOCUMENT_TARGETS = ['device', 'model', 'recall', 'task', 'safety-test'] as const;
export type DocumentTarget = (typeof DOCUMENT_TARGETS)[number];

/** What may be attached to each record, in the order the upload form offers it. */
export const TARGET_PURPOSES: Readonly<Record<DocumentTarget, readonly DocumentPurpose[]>> = {
  device: ['report', 'certificate', 'photo'],
  model: ['manual'],
  recall: ['notice'],
  task: ['photo', 'report'],
  'safety-test': ['printout'],
};

/** Photos one fault report may carry when it is sent (more may be added to the task after). */
export const MAX_REPORT_PHOTOS = 6;

/** The documents one record may hold: enough for a device's life, bounded against a runaway client. */
export const MAX_DOCUMENTS_PER_RECORD = 200;

/** What each purpose is called on the screens: the upload's choice and each document's line. */
export const DOCUMENT_PURPOSE_LABELS: Readonly<Record<DocumentPurpose, string>> = {
  photo: 'Photo',
  manual: 'Manual',
  report: 'Service report',
  certificate: 'Certificate',
  printout: 'Printout',
  notice: 'Recall notice',
};

const documentExample = {
  _id: '7b1e6a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  target: 'task',
  targetId: '2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f',
  purpose: 'photo',
  fileName: 'cracked-housing.jpg',
  mediaType: 'image/jpeg',
  bytes: 1_482_113,
  sha256: 'a3f1c2e4b5d6978812ab34cd56ef7890a1b2c3d4e5f60718293a4b5c6d7e8f90',
  hasThumbnail: true,
  addedById: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  addedByLabel: 'N-20417',
  addedByName: 'Ama Mensah',
  addedAt: '2026-11-29T09:41:00.000Z',
};

export const documentSchema = z
  .object({
    _id: z.string(),
    target: z.enum(DOCUMENT_TARGETS).describe('The kind of record the file is kept on.'),
    targetId: z
      .string()
      .describe("The record's id; for a model, its manufacturer and model, folded (`dräger|evita v500`)."),
    purpose: documentPurposeSchema,
    fileName: z.string().describe('A safe name for the download, its extension matching its type.'),
    mediaType: z.string().describe("The type read from the file's own bytes."),
    bytes: z.number().int(),
    sha256: z.string().describe('SHA-256 of the bytes kept (for a photo: after its metadata was removed).'),
    hasThumbnail: z.boolean(),
    addedById: z.string().nullable(),
    addedByLabel: z.string().describe('The service number of who added it.'),
    addedByName: z.string().describe('Their name when they added it.'),
    addedAt: z.string(),
  })
  .meta({ id: 'Document', examples: [documentExample] });
export type DocumentDto = z.output<typeof documentSchema>;

export const documentPageSchema = z.object({ items: z.array(documentSchema), ...pageFields }).meta({
  id: 'DocumentPage',
  examples: [{ items: [documentExample], total: 1, page: 1, pages: 1, limit: 50 }],
});
export type DocumentPage = z.output<typeof documentPageSchema>;

export const documentListQuerySchema = z.strictObject({
  page: pageParam(),
  limit: limitParam(50, 100),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

/** The query of an upload: what the file is for, and what the person called it. */
export const documentUploadQuerySchema = z.strictObject({
  purpose: documentPurposeSchema,
  fileName: z
    .string({ error: 'fileName is required.' })
    .trim()
    .min(1, { error: 'fileName is required.' })
    .max(255, { error: 'fileName may have at most 255 characters.' }),
});
export type DocumentUploadQuery = z.output<typeof documentUploadQuerySchema>;

const recordId = z.string().max(64);

/** Which record, as the gateway names it to the service that keeps it. */
export const documentTargetRefSchema = z.strictObject({
  target: z.enum(DOCUMENT_TARGETS),
  /** The record's id in the path; for a model, the device whose model it is. */
  id: recordId,
});
export type DocumentTargetRef = z.output<typeof documentTargetRefSchema>;

/**
 * An upload handed to its service: the gateway streamed it into the file store under
 * `incomingKey`, counting and hashing it on the way (`bytes`, `sha256`), and the service checks
 * it, keeps it, and removes the incoming copy whatever the outcome. A file kept as it came is
 * copied within the store, so the gateway's hash is the hash of the bytes kept: a 100 MB manual
 * is not read through the service a second time.
 */
export const attachDocumentCommandSchema = z.strictObject({
  ref: documentTargetRefSchema,
  purpose: documentPurposeSchema,
  fileName: z.string().min(1).max(255),
  incomingKey: z.string().regex(/^incoming\/[a-f0-9-]{36}$/),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});
export type AttachDocumentCommand = z.output<typeof attachDocumentCommandSchema>;

export const listDocumentsCommandSchema = z.strictObject({
  ref: documentTargetRefSchema,
  query: documentListQuerySchema,
});

export const documentCommandSchema = z.strictObject({
  ref: documentTargetRefSchema,
  documentId: recordId,
  variant: z.enum(['file', 'thumbnail']).default('file'),
});
export type DocumentCommand = z.output<typeof documentCommandSchema>;

/** Where a document's bytes are, for the gateway to stream them, and how to name them. */
export interface DocumentFileAnswer {
  storageKey: string;
  mediaType: string;
  fileName: string;
  bytes: number;
  /** Images are shown in the page (`inline`); every other type downloads as an attachment. */
  inline: boolean;
}
