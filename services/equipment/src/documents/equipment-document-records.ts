import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  hasFullAccess,
  isRecordId,
  isStaff,
  roleIs,
  TARGET_PURPOSES,
  wardLimit,
  withinWard,
  type Actor,
  type DocumentDto,
  type DocumentPurpose,
  type DocumentTargetRef,
} from '@caliber/contracts';
import { ServiceError, type ShelfRecord } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';

const NOT_IN_INVENTORY = 'This equipment is not in the inventory.';
const NO_RECALL = 'This recall is not on record.';

/**
 * The key of a device's model: its manufacturer and model, trimmed, spaces collapsed and folded to
 * lower case, so "Dräger Evita V500" and "dräger  evita v500" share their manuals. A device with
 * either field empty has no model to share documents with.
 */
export function modelKey(manufacturer: string, model: string): string | null {
  const fold = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  const [maker, name] = [fold(manufacturer), fold(model)];
  return maker && name ? `${maker}|${name}`.slice(0, 300) : null;
}

/**
 * Which records of the equipment service a document request is about, and whether the person
 * may read them or add to them:
 * - a device: anyone who may read it (clinical staff: their ward's devices only) reads its
 *   documents and its model's manuals; the department's staff but Managers add to them;
 * - a recall: the department's staff read its notice; Engineers and Admins add it.
 */
@Injectable()
export class EquipmentDocumentRecords {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async readable(actor: Actor, ref: DocumentTargetRef): Promise<ShelfRecord[]> {
    if (ref.target === 'recall') {
      await this.findRecall(actor, ref.id);
      return [{ target: 'recall', targetId: ref.id, equipmentId: null }];
    }
    if (ref.target !== 'device')
      throw new ServiceError('NOT_FOUND', 'The equipment service keeps no such record.');
    const device = await this.findDevice(actor, ref.id);
    const model = modelKey(device.manufacturer, device.model);
    return [
      { target: 'device', targetId: device.id, equipmentId: device.id },
      ...(model ? [{ target: 'model' as const, targetId: model, equipmentId: null }] : []),
    ];
  }

  async forAdding(actor: Actor, ref: DocumentTargetRef, purpose: DocumentPurpose): Promise<ShelfRecord> {
    if (ref.target === 'recall') {
      await this.findRecall(actor, ref.id);
      if (!hasFullAccess(actor.role))
        throw new ServiceError('FORBIDDEN', "Only Engineers and Admins may add a recall's notice.");
      refusePurpose('recall', purpose, 'a recall');
      return { target: 'recall', targetId: ref.id, equipmentId: null };
    }
    const [device, model] = await this.readable(actor, ref);
    if (!isStaff(actor.role) || roleIs(actor.role, 'Manager'))
      throw new ServiceError(
        'FORBIDDEN',
        'Only Technicians, Engineers and Admins may add documents to a device.',
      );
    if (purpose === 'manual') {
      if (!model)
        throw new ServiceError(
          'UNPROCESSABLE',
          'This device has no manufacturer and model to share a manual with. Add them to the device first.',
        );
      return model;
    }
    refusePurpose('device', purpose, 'a device');
    if (!device) throw new ServiceError('NOT_FOUND', NOT_IN_INVENTORY);
    return device;
  }

  /** Who added a document removes it, or an Engineer or Admin. */
  mayRemove(actor: Actor, document: DocumentDto): boolean {
    return hasFullAccess(actor.role) || (actor._id !== '' && document.addedById === actor._id);
  }

  private async findDevice(
    actor: Actor,
    id: string,
  ): Promise<{ id: string; manufacturer: string; model: string; department: string }> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NOT_IN_INVENTORY);
    const [row] = (await this.dataSource.query(
      `SELECT "id", "manufacturer", "model", "department" FROM "equipment"."equipment"
        WHERE "id" = $1 AND "deleted_at" IS NULL`,
      [id],
    )) as { id: string; manufacturer: string; model: string; department: string }[];
    // A device of another ward is, to clinical staff, as absent as one that does not exist.
    if (!row || !withinWard(wardLimit(actor), row.department))
      throw new ServiceError('NOT_FOUND', NOT_IN_INVENTORY);
    return row;
  }

  private async findRecall(actor: Actor, id: string): Promise<void> {
    if (!isStaff(actor.role))
      throw new ServiceError('FORBIDDEN', 'Recalls are for the biomedical department.');
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NO_RECALL);
    const [row] = (await this.dataSource.query(`SELECT 1 FROM "equipment"."recall_notices" WHERE "id" = $1`, [
      id,
    ])) as unknown[];
    if (!row) throw new ServiceError('NOT_FOUND', NO_RECALL);
  }
}

function refusePurpose(target: 'device' | 'recall', purpose: DocumentPurpose, what: string): void {
  if (!TARGET_PURPOSES[target].includes(purpose))
    throw new ServiceError(
      'VALIDATION_FAILED',
      `${what[0]?.toUpperCase()}${what.slice(1)} takes ${TARGET_PURPOSES[target].join(', ')} documents, not ${purpose}.`,
    );
}
