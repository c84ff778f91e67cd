import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACQUISITION_IMPORT_KEYS,
  DATES_READ_ONE_WAY_NOTE,
  dateOrderOf,
  hasFullAccess,
  ListIndex,
  readSheetDate,
  readUdi,
  type Actor,
  type DateOrder,
  type InventoryFileRow,
  type InventoryImportDto,
  type InventoryImportRowsPage,
  type InventoryImportRowsQuery,
  type InventoryStageBegin,
  type InventoryStageRows,
  type ResolvableEntry,
} from '@caliber/contracts';
import { ServiceError, violatedIndex } from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import {
  storedFigures,
  vendorsNamed,
  type StoredFigures,
  type SupplierVendor,
} from '../acquisition/acquisition-figures';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from '../config';
import { hospitalToday } from '../inventory-files/inventory-export-cells';
import { EquipmentEntity } from '../inventory/equipment.entity';
import { EquipmentEvents } from '../inventory/equipment-events';
import { ListsRepository } from '../lists/lists.repository';
import { ImportBatchesRepository, toImportDto, type BatchRow } from './import-batches.repository';
import { evaluateRows, holdToPreview, type ExistingDevice, type ImportContext } from './import-rows';
import { acquisitionColumnsRefusal } from './acquisition-cells';
import { writeImport, writeImportAudit } from './import-writes';
import { auditRecalls } from '../recalls/recall-audit';
import { lockRecallMatching, recordMatches } from '../recalls/recall-matching';

/**
 * Staged imports open at once across the hospital (each person has at most one): each holds up to
 * 20,000 rows in the database until applied or a day old, so the total stays bounded.
 */
export const OPEN_IMPORTS_MAX = 20;

const notFound = () =>
  new ServiceError(
    'NOT_FOUND',
    'This import is not among yours, or it was discarded or expired: upload the file again.',
  );

/**
 * Inventory import, on the equipment service's side: a file's rows are staged here in chunks (by
 * InventoryFileImports, which read the file), then previewed; Apply writes every valid row in one transaction. Only
 * Engineers and Admins import, and each sees only their own imports.
 */
@Injectable()
export class InventoryImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly batches: ImportBatchesRepository,
    private readonly lists: ListsRepository,
    private readonly events: EquipmentEvents,
    @Inject(EQUIPMENT_CONFIG) private readonly config: Pick<EquipmentConfig, 'timeZone'>,
  ) {}

  /**
   * Opens a staged import. A person's earlier import not applied is discarded: a new upload
   * replaces it. Beyond OPEN_IMPORTS_MAX open imports in all, the next waits (503).
   */
  async begin(actor: Actor, begin: InventoryStageBegin): Promise<{ importId: string }> {
    requireImporter(actor);
    const costs = acquisitionColumnsRefusal(actor.role, begin.columns);
    if (costs) throw new ServiceError('FORBIDDEN', costs);
    // On its own, so a refusal below does not roll the purge back.
    await this.batches.purgeExpired(this.dataSource.manager);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('equipment.import_batches'))`);
      await this.batches.discardOpen(manager, actor._id);
      if ((await this.batches.countOpen(manager)) >= OPEN_IMPORTS_MAX)
        throw new ServiceError(
          'SERVICE_UNAVAILABLE',
          `${OPEN_IMPORTS_MAX} inventory imports are waiting to be applied or discarded, the most the hospital may have at once (each is discarded by itself 24 hours after its upload). Try again once one of them is applied or discarded.`,
          undefined,
          600,
        );
      return { importId: await this.batches.insert(manager, actor._id, begin) };
    });
  }

  async stage(actor: Actor, { importId, rows }: InventoryStageRows): Promise<{ staged: number }> {
    requireImporter(actor);
    return this.dataSource.transaction(async (manager) => {
      const batch = await this.own(manager, actor, importId, true);
      if (batch.state !== 'staging')
        throw new ServiceError(
          'CONFLICT',
          'This import was already previewed: upload the file again to change it.',
        );
      if (batch.stagedRows + rows.length > batch.expectedRows)
        throw ServiceError.validation([
          { path: 'rows', message: 'More rows arrived than the file announced.' },
        ]);
      if (!(await this.batches.stage(manager, importId, rows)))
        throw ServiceError.validation([{ path: 'rows', message: 'A line of the file arrived twice.' }]);
      return { staged: batch.stagedRows + rows.length };
    });
  }

  /** Reads every staged row against the inventory and the lists, and keeps each row's outcome. */
  async preview(actor: Actor, { importId }: { importId: string }): Promise<InventoryImportDto> {
    requireImporter(actor);
    return this.dataSource.transaction(async (manager) => {
      const batch = await this.own(manager, actor, importId, true);
      if (batch.state === 'applied') return toImportDto(batch);
      if (batch.stagedRows !== batch.expectedRows)
        throw ServiceError.validation([
          { path: 'importId', message: 'Not every row of the file arrived: upload the file again.' },
        ]);
      const rows = await this.batches.stagedRows(manager, importId);
      const order = chooseDateOrder(batch, rows);
      const outcomes = evaluateRows(
        rows,
        await this.context(manager, batch, rows, actor, order.dateOrder, false),
      );
      await this.batches.storeOutcomes(manager, batch, outcomes, { state: 'previewed', ...order });
      return toImportDto(await this.own(manager, actor, importId));
    });
  }

  async get(actor: Actor, { importId }: { importId: string }): Promise<InventoryImportDto> {
    requireImporter(actor);
    const batch = await this.own(this.dataSource.manager, actor, importId);
    if (batch.state === 'staging') throw notFound();
    return toImportDto(batch);
  }

  async rowsPage(
    actor: Actor,
    importId: string,
    query: InventoryImportRowsQuery,
  ): Promise<InventoryImportRowsPage> {
    requireImporter(actor);
    await this.own(this.dataSource.manager, actor, importId);
    return this.batches.rowsPage(this.dataSource.manager, importId, query);
  }

  async discard(actor: Actor, { importId }: { importId: string }): Promise<{ _id: string }> {
    requireImporter(actor);
    await this.dataSource.transaction(async (manager) => {
      const batch = await this.own(manager, actor, importId, true);
      if (batch.state === 'applied')
        throw new ServiceError('CONFLICT', 'This import was applied: its devices are in the inventory.');
      await this.batches.delete(manager, importId);
    });
    return { _id: importId };
  }

  /**
   * Writes, in one transaction, every row that is valid now and does what the preview said: the
   * rows are read again against the inventory and the lists as they are at this moment, with the
   * matched devices locked and the lists held against a rename, and held to the preview
   * (`holdToPreview`): a row refused then, or whose device was added, deleted or changed by anyone
   * since, is refused now and written nowhere. Refused rows are left out and counted. A device
   * added by someone else with a serial of the file at the same moment fails the whole apply
   * (409), and nothing is written.
   */
  async apply(actor: Actor, { importId }: { importId: string }): Promise<InventoryImportDto> {
    requireImporter(actor);
    const written: { counts: { added: number; updated: number } | null } = { counts: null };
    try {
      const dto = await this.dataSource.transaction(async (manager) => {
        // Its devices are matched against the open notices: the matching lock first of all.
        await lockRecallMatching(manager);
        const batch = await this.own(manager, actor, importId, true);
        if (batch.state === 'applied')
          throw new ServiceError(
            'CONFLICT',
            `This import was applied on ${batch.appliedAt?.toISOString() ?? ''}.`,
          );
        if (batch.state !== 'previewed')
          throw new ServiceError('CONFLICT', 'This import has no preview yet: upload the file again.');
        await this.lists.lockForReading(manager);
        const rows = await this.batches.stagedRows(manager, importId);
        const dateOrder = batch.dateOrder ?? 'DMY';
        const outcomes = holdToPreview(
          evaluateRows(rows, await this.context(manager, batch, rows, actor, dateOrder, true)),
          await this.batches.previewed(manager, importId),
        );
        const applied = await writeImport(manager, actor, batch, outcomes);
        // The added and updated devices against the open recalls, in one statement, before any
        // audit row: notices are locked before the audit chain's head (see `recordMatches`).
        const matches = await recordMatches(manager, {
          // A row that changed only the acquisition figures changed nothing a notice matches.
          equipmentIds: applied.outcomes.flatMap((outcome) =>
            outcome.action === 'add' && outcome.equipmentId
              ? [outcome.equipmentId]
              : outcome.action === 'update' && outcome.before && outcome.record
                ? [outcome.before.id]
                : [],
          ),
        });
        await this.batches.storeOutcomes(manager, batch, applied.outcomes, {
          state: 'applied',
          dateOrder,
          dateOrderNote: batch.dateOrderNote ?? '',
          applied: applied.counts,
        });
        await writeImportAudit(manager, actor, applied.audit);
        await auditRecalls(manager, actor, matches.audit);
        written.counts = applied.counts;
        return toImportDto(await this.own(manager, actor, importId));
      });
      if (written.counts) await this.events.imported({ importId, ...written.counts });
      return dto;
    } catch (error) {
      if (violatedIndex(error) === 'equipment_serial_number_key')
        throw new ServiceError(
          'CONFLICT',
          'A device with a serial number of this file was added while the import was applied; nothing was written. Upload the file again to see it in the preview.',
        );
      throw error;
    }
  }

  /** The person's import (locked for the transaction when `lock`); 404 when it is not theirs or gone. */
  private async own(manager: EntityManager, actor: Actor, importId: string, lock = false): Promise<BatchRow> {
    const batch = await this.batches.find(manager, importId, actor._id, lock);
    if (!batch) throw notFound();
    return batch;
  }

  private async context(
    manager: EntityManager,
    batch: BatchRow,
    rows: readonly InventoryFileRow[],
    actor: Actor,
    dateOrder: DateOrder,
    lock: boolean,
  ): Promise<ImportContext> {
    const entries = (await this.lists.all(manager)).map((entry): ResolvableEntry => ({
      ...entry,
      retired: entry.retiredAt !== null,
    }));
    const activeNames = (kind: 'department' | 'category') =>
      entries.filter((entry) => entry.kind === kind && !entry.retired).map((entry) => entry.name);
    const existing = await existingDevices(manager, rows, lock);
    const suppliers = await this.suppliersOf(manager, batch, rows, lock);
    return {
      columns: batch.columns,
      dateOrder,
      lists: new ListIndex(entries),
      active: {
        department: activeNames('department'),
        category: activeNames('category'),
        supplier: suppliers.active,
      },
      suppliers: suppliers.named,
      existing,
      acquisitions: await this.figuresOf(manager, batch, existing),
      hospitalToday: hospitalToday(this.config.timeZone),
      role: actor.role,
    };
  }

  /**
   * The vendors the file's Supplier cells name (at Apply, held until the transaction ends, so it
   * writes the vendors it checked), and the names of the active vendors to suggest for a name on
   * none: both only when the file has the column.
   */
  private async suppliersOf(
    manager: EntityManager,
    batch: BatchRow,
    rows: readonly InventoryFileRow[],
    lock: boolean,
  ): Promise<{ named: Map<string, SupplierVendor>; active: string[] }> {
    if (batch.columns.supplier === undefined) return { named: new Map(), active: [] };
    const names = rows
      .map((row) => ((row.cells as Partial<InventoryFileRow['cells']>).supplier ?? '').trim())
      .filter((name) => name !== '');
    const named = await vendorsNamed(manager, names, lock);
    const active = (
      (await manager.query(
        `SELECT "name" FROM "equipment"."vendors" WHERE "retired_at" IS NULL ORDER BY lower("name")`,
      )) as { name: string }[]
    ).map((vendor) => vendor.name);
    return { named, active };
  }

  /**
   * The recorded figures of the devices the rows name, when the file has acquisition columns. Read
   * after the devices are locked (at Apply): a change of figures locks its device first, so none
   * slips in between this read and the write.
   */
  private async figuresOf(
    manager: EntityManager,
    batch: BatchRow,
    existing: ReadonlyMap<string, ExistingDevice>,
  ): Promise<Map<string, StoredFigures>> {
    if (!ACQUISITION_IMPORT_KEYS.some((key) => batch.columns[key] !== undefined)) return new Map();
    return storedFigures(
      manager,
      [...existing.values()].map((device) => device.id),
    );
  }
}

function requireImporter(actor: Actor): void {
  if (!hasFullAccess(actor.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may import equipment.');
}

/**
 * The order ambiguous dates are read in: the one the person chose, or the one the file's own
 * unambiguous dates show, or day first when none decides (most of the world writes it so).
 */
export function chooseDateOrder(
  batch: Pick<BatchRow, 'dateOrderAsked' | 'columns'>,
  rows: readonly InventoryFileRow[],
): { dateOrder: DateOrder; dateOrderNote: string } {
  if (batch.dateOrderAsked !== 'auto')
    return {
      dateOrder: batch.dateOrderAsked,
      dateOrderNote:
        batch.dateOrderAsked === 'DMY'
          ? 'Dates were read day first, as chosen.'
          : 'Dates were read month first, as chosen.',
    };
  const dates = rows.flatMap((row) => [
    row.cells.installationDate,
    row.cells.warrantyExpiry,
    // Absent from a row staged before the column existed.
    (row.cells as Partial<InventoryFileRow['cells']>).purchaseDate ?? '',
  ]);
  const found = dateOrderOf(dates);
  if (found === 'DMY')
    return {
      dateOrder: 'DMY',
      dateOrderNote: 'Dates were read day first (31/03/2021), as the file writes them.',
    };
  if (found === 'MDY')
    return {
      dateOrder: 'MDY',
      dateOrderNote: 'Dates were read month first (03/31/2021), as the file writes them.',
    };
  if (found === 'conflict')
    return {
      dateOrder: 'DMY',
      dateOrderNote:
        'The file writes some dates day first and others month first: they were read day first, and the rows that do not read so are refused. Choose Month first to read them the other way.',
    };
  // A workbook's date cells (and dates written year first or with the month by name) read one way
  // only: offering the other order for them would send the person to upload again for nothing.
  if (!dates.some(readsBothWays)) return { dateOrder: 'DMY', dateOrderNote: DATES_READ_ONE_WAY_NOTE };
  return {
    dateOrder: 'DMY',
    dateOrderNote:
      'No date in the file tells day and month apart: dates such as 03/04/2021 were read day first (3 April). Choose Month first if they mean 4 March.',
  };
}

/** Whether a date's text means one day read day first and another read month first (03/04/2021). */
function readsBothWays(text: string): boolean {
  const dayFirst = readSheetDate(text, 'DMY');
  const monthFirst = readSheetDate(text, 'MDY');
  return dayFirst !== null && monthFirst !== null && dayFirst !== monthFirst;
}

/** The live devices whose serial numbers the rows name (or their UDIs' serials), locked when `lock`. */
async function existingDevices(
  manager: EntityManager,
  rows: readonly InventoryFileRow[],
  lock: boolean,
): Promise<Map<string, ExistingDevice>> {
  const serials = [
    ...new Set(
      rows
        .flatMap((row) => [row.cells.serialNumber, serialOfUdiCell(row.cells.udi)])
        .map((serial) => serial.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const found = new Map<string, ExistingDevice>();
  if (serials.length === 0) return found;
  const builder = manager
    .createQueryBuilder(EquipmentEntity, 'item')
    .where('item.deletedAt IS NULL')
    .andWhere('lower(item.serialNumber) = ANY(:serials)', { serials })
    .orderBy('item.id');
  if (lock) builder.setLock('pessimistic_write');
  for (const item of await builder.getMany()) found.set(item.serialNumber.toLowerCase(), item);
  return found;
}

/** The serial (21) of a UDI cell, or '' when it has none or does not read. */
function serialOfUdiCell(text: string): string {
  if (!text.trim()) return '';
  const reading = readUdi(text);
  return reading.ok ? (reading.parts.serialNumber ?? '') : '';
}
