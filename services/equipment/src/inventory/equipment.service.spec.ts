import type { Actor, NewEquipment } from '@caliber/contracts';
import { ServiceError, violatedIndex } from '@caliber/service-kit';
import { QueryFailedError, type DataSource } from 'typeorm';
import type { EquipmentEvents } from './equipment-events';
import { EquipmentService, leadingWithin } from './equipment.service';
import type { PmCoverageReplica } from '../risk/pm-coverage.replica';
import type { ListsService } from '../lists/lists.service';
import type { EquipmentListCache } from './equipment-list.cache';

/** A write that fails inside the database with a unique violation of `constraint`. */
function serviceFailingWith(constraint: string): EquipmentService {
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint'), {
    code: '23505',
    constraint,
  });
  const failure = new QueryFailedError('INSERT …', [], driverError);
  const dataSource = { transaction: () => Promise.reject(failure) } as unknown as DataSource;
  return new EquipmentService(
    dataSource,
    {} as EquipmentEvents,
    {} as PmCoverageReplica,
    {} as ListsService,
    {} as EquipmentListCache,
  );
}

const actor: Actor = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Ama',
  role: 'Engineer',
  serviceNumber: 'E-1',
  via: 'gateway',
};
const item: NewEquipment = {
  name: 'Ventilator',
  manufacturer: 'Dräger',
  model: 'Evita V500',
  serialNumber: 'SN-1',
  department: 'ICU',
  location: 'Bed 1',
  installationDate: '2024-01-01',
  warrantyExpiry: null,
  status: 'Serviceable',
  category: 'Ventilator',
  udi: null,
};

describe('equipment writes that hit a unique index', () => {
  it('report a race on the serial number as a duplicate serial (409)', async () => {
    await expect(serviceFailingWith('equipment_serial_number_key').create(actor, item)).rejects.toEqual(
      new ServiceError('CONFLICT', 'This serial number is already in the inventory.'),
    );
  });

  it('do not blame the serial number for any other violation', async () => {
    const failure = serviceFailingWith('status_history_pkey').create(actor, item);
    await expect(failure).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failure).rejects.not.toBeInstanceOf(ServiceError);
  });

  it('name the violated index only for unique violations', () => {
    const other = new QueryFailedError('UPDATE …', [], Object.assign(new Error('x'), { code: '23503' }));
    expect(violatedIndex(other)).toBeUndefined();
    expect(violatedIndex(new Error('plain'))).toBeUndefined();
  });
});

describe('leadingWithin', () => {
  it('keeps the first items whose JSON fits, in order, counting bytes and not characters', () => {
    const latin = Array.from({ length: 10 }, (_, i) => ({ i, text: 'a'.repeat(100) }));
    const whole = Buffer.byteLength(JSON.stringify(latin));
    expect(leadingWithin(latin, whole)).toEqual(latin);
    expect(leadingWithin(latin, whole - 1)).toEqual(latin.slice(0, 9));
    // The same number of characters, three bytes each: fewer of them fit.
    const wide = latin.map((item) => ({ ...item, text: '語'.repeat(100) }));
    const kept = leadingWithin(wide, whole);
    expect(kept).toEqual(wide.slice(0, kept.length));
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(whole);
    expect(kept.length).toBeLessThan(4);
  });

  it('keeps one item however large, so a page always moves on', () => {
    const large = [{ text: 'x'.repeat(1000) }, { text: 'y' }];
    expect(leadingWithin(large, 10)).toEqual([large[0]]);
    expect(leadingWithin([], 10)).toEqual([]);
  });
});
