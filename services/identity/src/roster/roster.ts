import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_REPORT_DEFAULTS,
  newStaffSchema,
  parseWith,
  type NewStaffInput,
} from '@caliber/contracts';
import { diffFields, ServiceError, writeAudit, type AuditActor } from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { CountryCode } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_COUNTRY, toE164 } from '../users/phone';
import { UserEntity } from '../users/user.entity';
import { departmentIn, departmentIndex } from '../departments/department-copy';

/** Puts one staff member on the roster, with its audit row, in the caller's transaction. */
export async function addStaff(
  manager: EntityManager,
  input: NewStaffInput,
  actor: AuditActor,
  phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): Promise<UserEntity> {
  const parsed = parseWith(newStaffSchema, input);
  if (!parsed.ok) throw ServiceError.validation(parsed.issues);
  const staff = {
    ...parsed.value,
    phoneNumber: toE164(parsed.value.phoneNumber, phoneCountry),
    department: departmentIn(await departmentIndex(manager), parsed.value.department, null),
  };
  if (await manager.existsBy(UserEntity, { serviceNumber: staff.serviceNumber })) {
    throw new ServiceError('CONFLICT', `Service number ${staff.serviceNumber} is already on the roster.`);
  }
  if (staff.email) {
    const taken: unknown[] = await manager.query(
      `SELECT 1 FROM "identity"."users" WHERE lower("email") = lower($1)`,
      [staff.email],
    );
    if (taken.length > 0)
      throw new ServiceError('CONFLICT', `The e-mail address ${staff.email} is already in use.`);
  }
  const user = manager.create(UserEntity, {
    ...staff,
    avatar: null,
    notifications: { ...DEFAULT_NOTIFICATION_SETTINGS },
    reportDefaults: { ...DEFAULT_REPORT_DEFAULTS },
    lastLoginAt: null,
    registeredAt: null,
  });
  await manager.save(user);
  await writeAudit(manager, {
    actor,
    entity: 'user',
    entityId: user.id,
    action: 'created',
    changes: diffFields({}, staff),
  });
  return user;
}

/** Activates or deactivates a rostered staff member. */
export async function setStaffActive(
  dataSource: DataSource,
  serviceNumber: string,
  isActive: boolean,
  actor: AuditActor,
): Promise<UserEntity> {
  return dataSource.transaction(async (manager) => {
    const user = await manager.findOne(UserEntity, {
      where: { serviceNumber: serviceNumber.trim().toUpperCase() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!user) throw new ServiceError('NOT_FOUND', `Service number ${serviceNumber} is not on the roster.`);
    if (user.isActive !== isActive) {
      await manager.update(UserEntity, user.id, { isActive });
      await writeAudit(manager, {
        actor,
        entity: 'user',
        entityId: user.id,
        action: isActive ? 'activated' : 'deactivated',
        changes: { isActive: { from: user.isActive, to: isActive } },
      });
    }
    return manager.findOneByOrFail(UserEntity, { id: user.id });
  });
}
