import {
  documentListQuerySchema,
  documentPageSchema,
  documentSchema,
  documentUploadQuerySchema,
} from '@caliber/contracts';
import { operation, type ApiOperation } from '../api/operation';
import { DOCUMENT_HOSTS, hostServiceLabel, type DocumentHost } from './document-hosts';

/** The operations of one record's documents: list, attach (a streamed file), download, thumbnail, remove. */
export interface DocumentOperations {
  list: ApiOperation;
  attach: ApiOperation;
  download: ApiOperation;
  thumbnail: ApiOperation;
  remove: ApiOperation;
}

const UPLOAD_BUSY = {
  429: 'You are sending two files already: wait for one to finish (`Retry-After`).',
  503: 'The server is receiving as many files as it takes at once, or the service that keeps them is not answering; try again (`Retry-After`).',
};

function hostOperations(host: DocumentHost): DocumentOperations {
  const base = `/api/${host.path}/{id}/documents`;
  const notFound = `No such ${host.noun.replace(/^an? /, '')}, or not one the person may read; or no such document on it.`;
  return {
    list: operation({
      operationId: `list${host.name}Documents`,
      method: 'get',
      path: base,
      tag: host.tag,
      summary: `The documents and photos of ${host.noun}, newest first`,
      description: `A page of the record's documents (at most 100 a page). ${host.purposes}`,
      callers: host.readers,
      query: documentListQuerySchema,
      answer: { status: 200, description: 'A page of documents.', schema: documentPageSchema },
      refusals: { 404: notFound, 503: `The ${hostServiceLabel(host)} is not answering; try again.` },
    }),
    attach: operation({
      operationId: `attach${host.name}Document`,
      method: 'post',
      path: base,
      tag: host.tag,
      summary: `Attach a document or photo to ${host.noun}`,
      description: `The body is the file's bytes (any Content-Type; the type is read from the bytes), its purpose and name in the query. ${host.purposes} A photo is stored without its metadata (its location among them) and given a thumbnail. Each purpose has its size limit; a record holds at most 200 documents.`,
      callers: host.writers,
      query: documentUploadQuerySchema,
      fileBody: { description: "The file's bytes, streamed." },
      answer: { status: 201, description: 'The document as kept.', schema: documentSchema },
      refusals: {
        403: `Not one who may add documents to ${host.noun}.`,
        404: notFound,
        409: 'The record holds 200 documents already.',
        ...UPLOAD_BUSY,
      },
    }),
    download: operation({
      operationId: `download${host.name}Document`,
      method: 'get',
      path: `${base}/{documentId}`,
      tag: host.tag,
      summary: `A document of ${host.noun}: its file`,
      description:
        'Images open in the page (`inline`); every other type downloads (`attachment`). The name is made safe and its extension follows the type; `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy keep a file from running as a page.',
      callers: host.readers,
      answer: { status: 200, description: 'The file.', file: ['application/octet-stream'] },
      refusals: { 404: notFound, 503: `The ${hostServiceLabel(host)} is not answering; try again.` },
    }),
    thumbnail: operation({
      operationId: `get${host.name}DocumentThumbnail`,
      method: 'get',
      path: `${base}/{documentId}/thumbnail`,
      tag: host.tag,
      summary: `A photo's thumbnail on ${host.noun}`,
      description: 'At most 320 pixels on its longest side, WebP.',
      callers: host.readers,
      answer: { status: 200, description: 'The thumbnail.', file: ['image/webp'] },
      refusals: {
        404: `${notFound} Or the document is not a picture.`,
        503: `The ${hostServiceLabel(host)} is not answering; try again.`,
      },
    }),
    remove: operation({
      operationId: `remove${host.name}Document`,
      method: 'delete',
      path: `${base}/{documentId}`,
      tag: host.tag,
      summary: `Remove a document from ${host.noun}`,
      description:
        'Who added it, an Engineer or an Admin. The file is deleted; the audit trail keeps who added and removed it, when, and its SHA-256.',
      callers: host.writers,
      answer: { status: 204, description: 'Removed.' },
      refusals: {
        403: 'Neither who added the document nor an Engineer or Admin.',
        404: notFound,
        503: `The ${hostServiceLabel(host)} is not answering; try again.`,
      },
    }),
  };
}

/** Each host's document operations, by its path. */
export const DOCUMENT_OPERATIONS_BY_HOST: ReadonlyMap<DocumentHost, DocumentOperations> = new Map(
  DOCUMENT_HOSTS.map((host) => [host, hostOperations(host)]),
);

export const DOCUMENTS_OPERATIONS: readonly ApiOperation[] = [
  ...DOCUMENT_OPERATIONS_BY_HOST.values(),
].flatMap((operations) => Object.values(operations));
