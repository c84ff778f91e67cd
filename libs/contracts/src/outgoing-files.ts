import { z } from 'zod';

/*
 * A file a domain service wrote for a download (a template, an export, a sheet of labels): it is
 * put into the file store under `outgoing/<uuid>` and the service answers its key, never its bytes
 * (a NATS message is bounded; an export is not). The gateway streams it to the person and removes
 * it; a copy the gateway could not send (it stopped, the person left) is swept within the hour.
 */

/** The media types of the files the services write for download, by file extension. */
export const OUTGOING_FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
export type OutgoingFileType = keyof typeof OUTGOING_FILE_TYPES;

/** The answer of a service that wrote a file for download. */
export const outgoingFileSchema = z.strictObject({
  outgoingKey: z.string().regex(/^outgoing\/[a-f0-9-]{36}$/),
  /** The name it is saved under: letters, digits and dashes, and its extension (no quoting needed). */
  fileName: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}\.(csv|xlsx|pdf)$/),
  bytes: z.number().int().min(0),
});
export type OutgoingFile = z.output<typeof outgoingFileSchema>;

/** The file's type, from its name's extension. */
export function outgoingFileType(fileName: string): OutgoingFileType {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
  if (extension === 'csv' || extension === 'xlsx' || extension === 'pdf') return extension;
  throw new Error(`No download type for ${fileName}.`);
}
