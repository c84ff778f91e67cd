import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AppearanceSettings,
  NotificationSettings,
  ReportDefaults,
  UpdateProfileCommand,
  UserDto,
} from '@caliber/contracts';
import { diffFields, ServiceError, writeAudit } from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';
import { toUserDto } from './user.mapper';

type OwnFields = Pick<UserEntity, 'name' | 'email' | 'notifications' | 'reportDefaults' | 'theme'>;

/** A signed-in user changing their own profile and settings; each change is audited with it. */
@Injectable()
export class OwnSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  updateProfile(userId: string, { profile }: UpdateProfileCommand): Promise<UserDto> {
    return this.change(userId, 'profile-updated', async (manager, user) => {
      if (profile.email && profile.email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        const taken: unknown[] = await manager.query(
          `SELECT 1 FROM "identity"."users" WHERE lower("email") = lower($1) AND "id" <> $2`,
          [profile.email, user.id],
        );
        if (taken.length > 0)
          throw new ServiceError('CONFLICT', `The e-mail address ${profile.email} is already in use.`);
      }
      return { name: profile.name, email: profile.email };
    });
  }

  updateNotifications(userId: string, notifications: NotificationSettings): Promise<UserDto> {
    return this.change(userId, 'notifications-updated', () => Promise.resolve({ notifications }));
  }

  updateReportDefaults(userId: string, reportDefaults: ReportDefaults): Promise<UserDto> {
    return this.change(userId, 'report-defaults-updated', () => Promise.resolve({ reportDefaults }));
  }

  updateAppearance(userId: string, { theme }: AppearanceSettings): Promise<UserDto> {
    return this.change(userId, 'appearance-updated', () => Promise.resolve({ theme }));
  }

  /** Locks the user's row, applies the change, and records what changed in the same transaction. */
  private change(
    userId: string,
    action: string,
    decide: (manager: EntityManager, user: UserEntity) => Promise<Partial<OwnFields>>,
  ): Promise<UserDto> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user || !user.isActive)
        throw new ServiceError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      const next = await decide(manager, user);
      const changes = diffFields<OwnFields>(user, next);
      if (Object.keys(changes).length > 0) {
        await manager.update(UserEntity, user.id, next);
        await writeAudit(manager, {
          actor: { id: user.id, label: user.serviceNumber },
          entity: 'user',
          entityId: user.id,
          action,
          changes,
        });
      }
      return toUserDto(await manager.findOneByOrFail(UserEntity, { id: user.id }));
    });
  }
}
