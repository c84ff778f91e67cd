import { LIST_LIMITS, type Actor, type ListKind } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { EquipmentEvents } from '../inventory/equipment-events';
import type { ListEntryRow, ListsRepository } from './lists.repository';
import { ListsService } from './lists.service';

const admin: Actor = { _id: 'a', name: 'Ama', role: 'admin', serviceNumber: 'A-1', via: 'gateway' };
const engineer: Actor = { ...admin, role: 'Engineer' };

function row(kind: ListKind, name: string, extra: Partial<ListEntryRow> = {}): ListEntryRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind,
    name,
    parentId: null,
    retiredAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    version: 1,
    formerNames: [],
    ...extra,
  };
}

/** The service over a repository holding `counts` entries and `entries` by id, nothing written. */
function serviceWith(
  counts: Partial<Record<ListKind, number>>,
  entries: ListEntryRow[] = [],
  formerNames = 0,
) {
  const repository = {
    lockLists: async () => undefined,
    count: async (_manager: EntityManager, kind: ListKind) => counts[kind] ?? 0,
    find: async (_manager: EntityManager, id: string) => entries.find((entry) => entry.id === id) ?? null,
    findByName: async () => null,
    formerNameCount: async () => formerNames,
    insert: jest.fn(async () => 'new-id'),
  } as unknown as ListsRepository;
  const renamed = jest.fn(async () => undefined);
  Object.assign(repository, { rename: renamed });
  const dataSource = {
    transaction: (work: (manager: EntityManager) => Promise<unknown>) => work({} as EntityManager),
  } as unknown as DataSource;
  return { service: new ListsService(dataSource, repository, {} as EquipmentEvents), repository };
}

describe('the hospital lists’ rules', () => {
  it('let only Admins change them, whatever the case of the role', async () => {
    const { service } = serviceWith({});
    await expect(service.add(engineer, { kind: 'category', name: 'Lamp' })).rejects.toEqual(
      new ServiceError('FORBIDDEN', 'Only Admins may change the hospital lists.'),
    );
    await expect(service.update(engineer, 'x', { retired: true, version: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it.each([
    ['department', LIST_LIMITS.departments, 'departments'],
    ['category', LIST_LIMITS.categories, 'categories'],
  ] as const)('keep the %s list bounded', async (kind, limit, plural) => {
    const { service, repository } = serviceWith({ [kind]: limit });
    await expect(service.add(admin, { kind, name: 'One more' })).rejects.toEqual(
      new ServiceError(
        'UNPROCESSABLE',
        `The list of ${plural} holds the most it may: ${limit} entries, retired ones included (they stay on the records that carry them).`,
      ),
    );
    expect(repository.insert).not.toHaveBeenCalled();
  });

  it('bound the former names all entries keep together', async () => {
    const icu = row('department', 'ICU', { formerNames: [{ name: 'Intensive Care', until: new Date() }] });
    const { service, repository } = serviceWith({}, [icu], LIST_LIMITS.formerNames);
    await expect(service.update(admin, icu.id, { name: 'Critical Care', version: 1 })).rejects.toEqual(
      new ServiceError(
        'UNPROCESSABLE',
        `The lists keep at most ${LIST_LIMITS.formerNames} former names in all, and have that many: ICU cannot be renamed.`,
      ),
    );
    expect(repository.rename).not.toHaveBeenCalled();
  });

  it('give wards only to active departments', async () => {
    const closed = row('department', 'Old Annex', { retiredAt: new Date() });
    const category = row('category', 'Monitor', { id: '00000000-0000-4000-8000-000000000002' });
    const { service, repository } = serviceWith({}, [closed, category]);
    await expect(
      service.add(admin, { kind: 'ward', name: 'Bay', parentId: closed.id }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Old Annex is retired: restore it before adding wards.',
    });
    await expect(
      service.add(admin, { kind: 'ward', name: 'Bay', parentId: category.id }),
    ).rejects.toMatchObject({
      message: 'parentId must be a department from the list.',
    });
    expect(repository.insert).not.toHaveBeenCalled();
  });
});
