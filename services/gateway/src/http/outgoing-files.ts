import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { OUTGOING_FILE_TYPES, outgoingFileType, type OutgoingFile } from '@caliber/contracts';
import { FILE_STORE, FileNotStoredError, ServiceError, type FileStore } from '@caliber/service-kit';
import type { Response } from 'express';

/**
 * Sends a file a domain service wrote into the store for a download (a template, an export, a sheet
 * of labels), streamed from the store as the person reads it, then removes it: the gateway never
 * holds it whole, nor reads its format. Its name is one the contract allows (no quoting needed),
 * its type follows from the name, and no shared cache keeps it.
 */
@Injectable()
export class OutgoingFiles {
  constructor(@Inject(FILE_STORE) private readonly store: FileStore) {}

  async send(response: Response, file: OutgoingFile): Promise<void> {
    try {
      const stream = await this.store.get(file.outgoingKey).catch((error: unknown) => {
        if (error instanceof FileNotStoredError)
          throw new ServiceError('SERVICE_UNAVAILABLE', 'The file was not kept for its download; ask again.');
        throw error;
      });
      response.setHeader('Content-Type', OUTGOING_FILE_TYPES[outgoingFileType(file.fileName)]);
      response.setHeader('Content-Length', String(file.bytes));
      response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Cache-Control', 'private, no-store');
      // A reader who leaves half-way ends the stream; the download fails instead of ending short.
      await pipeline(stream, response).catch(() => response.destroy());
    } finally {
      await this.store.delete(file.outgoingKey).catch(() => undefined);
    }
  }
}
