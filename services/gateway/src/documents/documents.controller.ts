import { pipeline } from 'node:stream/promises';
import { Controller, Inject, Param, Query, Req, Res, type Type } from '@nestjs/common';
import {
  DOCUMENT_PURPOSE_RULES,
  documentListQuerySchema,
  documentUploadQuerySchema,
  type DocumentDto,
  type DocumentFileAnswer,
  type DocumentPage,
  type DocumentTargetRef,
} from '@caliber/contracts';
import {
  contentDisposition,
  FILE_STORE,
  FileNotStoredError,
  requestFromService,
  ServiceError,
  type FileStore,
  type ServiceChannel,
} from '@caliber/service-kit';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { SERVICE_CHANNEL } from '../identity/service-client';
import { hostServiceLabel, type DocumentHost } from './document-hosts';
import { DOCUMENT_OPERATIONS_BY_HOST, type DocumentOperations } from './documents.operations';
import { IncomingUploads } from './incoming-uploads';

/** How long a service may take to keep an upload: a photo may wait for its turn to be read. */
const ATTACH_DEADLINE_MS = 120_000;

/**
 * What a downloaded file may do in the browser: nothing. Served from the app's own origin, a
 * file must never run as a page there: its type is never sniffed, it is sandboxed (no script,
 * no form, no same-origin access), and it loads nothing.
 */
function fileHeaders(response: Response, answer: DocumentFileAnswer): void {
  response.setHeader('Content-Type', answer.mediaType);
  response.setHeader('Content-Length', String(answer.bytes));
  response.setHeader('Content-Disposition', contentDisposition(answer.fileName, answer.inline));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  );
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  // A document is the record's, read by those who may read it: never kept by a shared cache.
  response.setHeader('Cache-Control', 'private, max-age=300');
}

type Handler = (...args: never[]) => Promise<unknown>;

/**
 * The routes of every record's documents: lists and removals asked of the service that keeps
 * the record; uploads streamed into the file store and handed to that service by reference;
 * downloads streamed from the store once the service has said the person may read them. The
 * gateway reads no file: it knows bytes, not formats.
 */
export function documentsController(): Type<unknown> {
  @Controller()
  class DocumentsController {
    constructor(
      @Inject(SERVICE_CHANNEL) readonly channel: ServiceChannel,
      @Inject(FILE_STORE) readonly store: FileStore,
      readonly uploads: IncomingUploads,
    ) {}

    ask<T>(
      host: DocumentHost,
      session: GatewaySession,
      subject: string,
      message: unknown,
      deadlineMs?: number,
    ): Promise<T> {
      return requestFromService<T>(
        this.channel,
        hostServiceLabel(host),
        subject,
        message,
        actingUserOf(session),
        Math.max(this.channel.timeoutMs, deadlineMs ?? 0),
      );
    }

    async send(
      host: DocumentHost,
      session: GatewaySession,
      ref: DocumentTargetRef,
      documentId: string,
      variant: 'file' | 'thumbnail',
      response: Response,
    ): Promise<void> {
      const answer = await this.ask<DocumentFileAnswer>(host, session, host.subjects.open, {
        ref,
        documentId,
        variant,
      });
      const stream = await this.store.get(answer.storageKey).catch((error: unknown) => {
        if (error instanceof FileNotStoredError)
          throw new ServiceError(
            'NOT_FOUND',
            "This document's file is missing from the store. Tell an administrator.",
          );
        throw error;
      });
      fileHeaders(response, answer);
      // A reader who leaves half-way ends the stream; nothing is left to answer.
      await pipeline(stream, response).catch(() => undefined);
    }
  }
  const prototype = DocumentsController.prototype as unknown as Record<string, Handler>;
  const define = (
    operationKey: string,
    operation: DocumentOperations[keyof DocumentOperations],
    handler: Handler,
    params: ((target: object, key: string) => void)[],
  ) => {
    prototype[operationKey] = handler;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, operationKey);
    if (!descriptor) throw new Error(`No handler for ${operationKey}`);
    Operation(operation)(prototype, operationKey, descriptor);
    params.forEach((decorate) => decorate(prototype, operationKey));
  };
  const param = (decorator: ParameterDecorator, index: number) => (target: object, key: string) =>
    decorator(target, key, index);
  for (const [host, operations] of DOCUMENT_OPERATIONS_BY_HOST) {
    const ref = (id: string): DocumentTargetRef => ({ target: host.target, id });
    define(
      operations.list.operationId,
      operations.list,
      async function list(
        this: DocumentsController,
        session: GatewaySession,
        id: string,
        query: z.output<typeof documentListQuerySchema>,
      ): Promise<DocumentPage> {
        return this.ask(host, session, host.subjects.list, { ref: ref(id), query });
      } as Handler,
      [
        param(CurrentSession(), 0),
        param(Param('id'), 1),
        param(Query(new ZodQueryPipe(documentListQuerySchema)), 2),
      ],
    );
    define(
      operations.attach.operationId,
      operations.attach,
      async function attach(
        this: DocumentsController,
        session: GatewaySession,
        id: string,
        query: z.output<typeof documentUploadQuerySchema>,
        request: Request,
      ): Promise<DocumentDto> {
        return this.uploads.receive(
          request,
          session.user._id,
          DOCUMENT_PURPOSE_RULES[query.purpose].maxBytes,
          (upload) =>
            this.ask<DocumentDto>(
              host,
              session,
              host.subjects.attach,
              {
                ref: ref(id),
                purpose: query.purpose,
                fileName: query.fileName,
                incomingKey: upload.key,
                bytes: upload.bytes,
                sha256: upload.sha256,
              },
              ATTACH_DEADLINE_MS,
            ),
        );
      } as Handler,
      [
        param(CurrentSession(), 0),
        param(Param('id'), 1),
        param(Query(new ZodQueryPipe(documentUploadQuerySchema)), 2),
        param(Req(), 3),
      ],
    );
    for (const [key, variant] of [
      ['download', 'file'],
      ['thumbnail', 'thumbnail'],
    ] as const)
      define(
        operations[key].operationId,
        operations[key],
        async function download(
          this: DocumentsController,
          session: GatewaySession,
          id: string,
          documentId: string,
          response: Response,
        ): Promise<void> {
          await this.send(host, session, ref(id), documentId, variant, response);
        } as Handler,
        [param(CurrentSession(), 0), param(Param('id'), 1), param(Param('documentId'), 2), param(Res(), 3)],
      );
    define(
      operations.remove.operationId,
      operations.remove,
      async function remove(
        this: DocumentsController,
        session: GatewaySession,
        id: string,
        documentId: string,
      ): Promise<void> {
        await this.ask(host, session, host.subjects.remove, { ref: ref(id), documentId });
      } as Handler,
      [param(CurrentSession(), 0), param(Param('id'), 1), param(Param('documentId'), 2)],
    );
  }
  return DocumentsController;
}
