import { OPERATIONS } from '../api/operations';

/**
 * The routes whose body is a file's bytes, streamed by their handler into the file store: every
 * operation declared with `fileBody` (a document's upload, an analyser or roster file's import). The body
 * middleware leaves their bodies unread, so no file is parsed or held whole by the gateway.
 */
const STREAMED_UPLOADS = OPERATIONS.filter((operation) => operation.fileBody).map((operation) => ({
  method: operation.method.toUpperCase(),
  path: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
}));

export function isStreamedUpload(method: string, path: string): boolean {
  return STREAMED_UPLOADS.some((upload) => upload.method === method && upload.path.test(path));
}
