import { randomUUID } from 'node:crypto';
import {
  isImageFormat,
  isRecordId,
  MAX_DOCUMENTS_PER_RECORD,
  type Actor,
  type AttachDocumentCommand,
  type DocumentDto,
  type DocumentFileAnswer,
  type DocumentListQuery,
  type DocumentPage,
  type DocumentTarget,
  type ImageFormat,
} from '@caliber/contracts';
import { In, IsNull, type DataSource } from 'typeorm';
import { auditActorOf, writeAudit } from '../audit/audit';

import { ServiceError } from '../service-error';
import type { FileStore } from '../storage/file-store';
import { BoundedSlots } from '../limits/bounded-slots';
import { inspectDocument } from './document-inspection';
import { processPhoto } from './photo-processing';
import { StoredDocumentEntity } from './stored-document.entity';

/** A record documents are kept on, as the owning service resolved it (the person may read it). */
export interface ShelfRecord {
  target: DocumentTarget;
  /** The record's id; a model's folded key. */
  targetId: string;
  /** The device it concerns, for the audit viewer (null for a model or a recall). */
  equipmentId: string | null;
}

/**
 * Photos processed at once by one service, and how many more may wait: decoding a 5 MB photo
 * takes a few hundred megabytes of pixels at most (inputs are capped at 50 megapixels), so a
 * burst of uploads queues here rather than taking the memory of the service from everyone else.
 */
const PHOTO_SLOTS = 2;
const PHOTO_QUEUE = 64;

const NOT_FOUND = 'This document is not on the record, or it was removed.';

/**
 * One service's documents and photos: each kept in the file store under
 * `<service>/documents/<id>` (and `<id>.thumb` for an image's thumbnail), listed from its
 * `documents` table, every addition and removal in the service's audit chain with the file's
 * SHA-256. The service decides who may read or change the record; the shelf does the rest.
 */
export class DocumentShelf {
  private readonly photos = new BoundedSlots(
    PHOTO_SLOTS,
    PHOTO_QUEUE,
    () =>
      new ServiceError(
        'SERVICE_UNAVAILABLE',
        'The server is busy reading photos. Try again in a minute.',
        undefined,
        30,
      ),
  );

  constructor(
    private readonly service: string,
    private readonly dataSource: DataSource,
    private readonly store: FileStore,
  ) {}

  /** The live documents of the records (a device and its model), newest first, a page at a time. */
  async list(records: readonly ShelfRecord[], query: DocumentListQuery): Promise<DocumentPage> {
    const where = records.map((record) => ({
      target: record.target,
      targetId: record.targetId,
      removedAt: IsNull(),
    }));
    const [rows, total] = await this.dataSource.manager.findAndCount(StoredDocumentEntity, {
      where,
      order: { addedAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return {
      items: rows.map(toDocumentDto),
      total,
      page: query.page,
      pages: Math.ceil(total / query.limit),
      limit: query.limit,
    };
  }

  /**
   * Keeps an upload the gateway streamed to `incomingKey`: its type read from its bytes, an image
   * re-encoded without its metadata (location included) and given a thumbnail, then its row and
   * audit row written together. The incoming copy is removed whatever the outcome; bytes kept for
   * a row that could not be written are removed too, so nothing is half kept.
   */
  async attach(actor: Actor, record: ShelfRecord, command: AttachDocumentCommand): Promise<DocumentDto> {
    try {
      return await this.keep(actor, record, command);
    } finally {
      await this.store.delete(command.incomingKey).catch(() => undefined);
    }
  }

  private async keep(
    actor: Actor,
    record: ShelfRecord,
    command: AttachDocumentCommand,
  ): Promise<DocumentDto> {
    const received = await this.store.size(command.incomingKey);
    if (received === null)
      throw new ServiceError('BAD_REQUEST', 'The file did not arrive whole. Send it again.');
    await this.refuseFullRecord(record);
    const found = await inspectDocument({
      open: () => this.store.get(command.incomingKey),
      fileName: command.fileName,
      purpose: command.purpose,
      bytes: received,
    });
    const id = randomUUID();
    const storageKey = `${this.service}/documents/${id}`;
    const format = found.format;
    const kept = isImageFormat(format)
      ? await this.photos.run(() => this.keepImage(command.incomingKey, storageKey, format))
      : await this.keepFile(command, storageKey, received);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const entity = manager.create(StoredDocumentEntity, {
          id,
          target: record.target,
          targetId: record.targetId,
          purpose: command.purpose,
          fileName: found.safeName,
          mediaType: found.mediaType,
          bytes: kept.bytes,
          sha256: kept.sha256,
          storageKey,
          thumbnailKey: kept.thumbnailKey,
          equipmentId: record.equipmentId,
          addedById: actor._id || null,
          addedByLabel: actor.serviceNumber.slice(0, 64),
          addedByName: actor.name.slice(0, 200),
          removedAt: null,
          removedByLabel: null,
        });
        const saved = await manager.save(entity);
        await writeAudit(manager, {
          actor: auditActorOf(actor),
          entity: 'document',
          entityId: id,
          action: 'attached',
          equipmentId: record.equipmentId,
          changes: {
            record: { from: null, to: `${record.target} ${record.targetId}` },
            purpose: { from: null, to: command.purpose },
            fileName: { from: null, to: found.safeName },
            mediaType: { from: null, to: found.mediaType },
            bytes: { from: null, to: kept.bytes },
            sha256: { from: null, to: kept.sha256 },
          },
        });
        return saved;
      });
      return toDocumentDto(row);
    } catch (error) {
      await Promise.all(
        [storageKey, kept.thumbnailKey].map((key) => key && this.store.delete(key).catch(() => undefined)),
      );
      throw error;
    }
  }

  /** A record holds at most MAX_DOCUMENTS_PER_RECORD live documents. */
  private async refuseFullRecord(record: ShelfRecord): Promise<void> {
    const count = await this.dataSource.manager.countBy(StoredDocumentEntity, {
      target: record.target,
      targetId: record.targetId,
      removedAt: IsNull(),
    });
    if (count >= MAX_DOCUMENTS_PER_RECORD)
      throw new ServiceError(
        'CONFLICT',
        `This record already holds ${MAX_DOCUMENTS_PER_RECORD} documents. Remove one before adding another.`,
      );
  }

  /** An image, re-encoded upright without its metadata, and its thumbnail (see processPhoto). */
  private async keepImage(
    incomingKey: string,
    storageKey: string,
    format: ImageFormat,
  ): Promise<{ bytes: number; sha256: string; thumbnailKey: string | null }> {
    const thumbnailKey = `${storageKey}.thumb`;
    try {
      return await processPhoto(await this.store.get(incomingKey), format, async (photo) => {
        const image = await this.store.put(storageKey, photo.image.body, { maxBytes: photo.image.bytes });
        await this.store.put(thumbnailKey, photo.thumbnail.body, { maxBytes: photo.thumbnail.bytes });
        return { ...image, thumbnailKey };
      });
    } catch (error) {
      await Promise.all(
        [storageKey, thumbnailKey].map((key) => this.store.delete(key).catch(() => undefined)),
      );
      throw error;
    }
  }

  /**
   * Any other file is kept byte for byte: copied within the store (a hard link on the disk, the
   * server's own copy on S3; no byte through this service), its hash the one the gateway took as
   * it arrived.
   */
  private async keepFile(
    command: AttachDocumentCommand,
    storageKey: string,
    received: number,
  ): Promise<{ bytes: number; sha256: string; thumbnailKey: null }> {
    if (received !== command.bytes)
      throw new ServiceError('BAD_REQUEST', 'The file did not arrive whole. Send it again.');
    await this.store.copy(command.incomingKey, storageKey);
    return { bytes: command.bytes, sha256: command.sha256, thumbnailKey: null };
  }

  /** Where a document's bytes (or its thumbnail's) are, when it is on one of the records. */
  async open(
    records: readonly ShelfRecord[],
    documentId: string,
    variant: 'file' | 'thumbnail',
  ): Promise<DocumentFileAnswer> {
    const row = await this.find(records, documentId);
    if (variant === 'thumbnail') {
      if (!row.thumbnailKey) throw new ServiceError('NOT_FOUND', 'This document has no thumbnail.');
      return {
        storageKey: row.thumbnailKey,
        mediaType: 'image/webp',
        fileName: row.fileName.replace(/\.[^.]*$/, '') + '-thumbnail.webp',
        bytes: (await this.store.size(row.thumbnailKey)) ?? 0,
        inline: true,
      };
    }
    return {
      storageKey: row.storageKey,
      mediaType: row.mediaType,
      fileName: row.fileName,
      bytes: row.bytes,
      inline: INLINE_TYPES.has(row.mediaType),
    };
  }

  /**
   * Removes a document: its row stays (who removed it, when) with an audit row, so the trail of
   * what the record once held is whole; its bytes and thumbnail are deleted.
   */
  async remove(
    actor: Actor,
    records: readonly ShelfRecord[],
    documentId: string,
    mayRemove: (document: DocumentDto) => boolean,
  ): Promise<void> {
    const row = await this.find(records, documentId);
    if (!mayRemove(toDocumentDto(row)))
      throw new ServiceError(
        'FORBIDDEN',
        'Only the person who added a document, an Engineer or an Admin may remove it.',
      );
    await this.dataSource.transaction(async (manager) => {
      const result = await manager.update(
        StoredDocumentEntity,
        { id: row.id, removedAt: IsNull() },
        { removedAt: new Date(), removedByLabel: actor.serviceNumber.slice(0, 64) },
      );
      if (!result.affected) throw new ServiceError('NOT_FOUND', NOT_FOUND);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'document',
        entityId: row.id,
        action: 'removed',
        equipmentId: row.equipmentId,
        changes: {
          fileName: { from: row.fileName, to: null },
          sha256: { from: row.sha256, to: null },
        },
      });
    });
    await Promise.all(
      [row.storageKey, row.thumbnailKey].map((key) => key && this.store.delete(key).catch(() => undefined)),
    );
  }

  private async find(records: readonly ShelfRecord[], documentId: string): Promise<StoredDocumentEntity> {
    if (!isRecordId(documentId)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    const row = await this.dataSource.manager.findOneBy(StoredDocumentEntity, {
      id: documentId,
      removedAt: IsNull(),
      target: In(records.map((record) => record.target)),
    });
    if (!row || !records.some((record) => record.target === row.target && record.targetId === row.targetId))
      throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return row;
  }
}

/** Shown in the page: pictures only. A PDF, an Office file or text always downloads. */
const INLINE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function toDocumentDto(row: StoredDocumentEntity): DocumentDto {
  return {
    _id: row.id,
    target: row.target as DocumentTarget,
    targetId: row.targetId,
    purpose: row.purpose as DocumentDto['purpose'],
    fileName: row.fileName,
    mediaType: row.mediaType,
    bytes: row.bytes,
    sha256: row.sha256,
    hasThumbnail: row.thumbnailKey !== null,
    addedById: row.addedById,
    addedByLabel: row.addedByLabel,
    addedByName: row.addedByName,
    addedAt: row.addedAt.toISOString(),
  };
}
