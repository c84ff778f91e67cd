import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENT_SUBJECTS,
  type Actor,
  type AppearanceSettings,
  type NotificationSettings,
  type ReportDefaults,
  type UpdateProfileCommand,
  type UserDto,
  type UserUpdatedEvent,
} from '@caliber/contracts';
import {
  diffFields,
  publishSignedEvent,
  ServiceError,
  StatementSigner,
  violatedIndex,
  writeAudit,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { IDENTITY_EVENTS_CLIENT } from '../sessions/sessions-ended.relay';
import { LOGGER } from '../tokens';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';
import { toUserDto } from './user.mapper';

type OwnFields = Pick<UserEntity, 'name' | 'email' | 'notifications' | 'reportDefaults' | 'theme'>;

/** A signed-in user changing their own profile and settings; each change is audited with it. */
@Injectable()
export class OwnSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_EVENTS_CLIENT) private readonly events: ClientProxy,
    private readonly signer: StatementSigner,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  updateProfile(actor: Actor, { profile }: UpdateProfileCommand): Promise<UserDto> {
    return this.change(actor, 'profile-updated', async (manager, user) => {
      if (profile.email && profile.email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        const taken: unknown[] = await manager.query(
          `SELECT 1 FROM "identity"."users" WHERE lower("email") = lower($1) AND "id" <> $2`,
          [profile.email, user.id],
        );
        if (taken.length > 0) throw emailTaken(profile.email);
      }
      return { name: profile.name, email: profile.email };
    });
  }

  updateNotifications(actor: Actor, notifications: NotificationSettings): Promise<UserDto> {
    return this.change(actor, 'notifications-updated', () => Promise.resolve({ notifications }));
  }

  updateReportDefaults(actor: Actor, reportDefaults: ReportDefaults): Promise<UserDto> {
    return this.change(actor, 'report-defaults-updated', () => Promise.resolve({ reportDefaults }));
  }

  updateAppearance(actor: Actor, { theme }: AppearanceSettings): Promise<UserDto> {
    return this.change(actor, 'appearance-updated', () => Promise.resolve({ theme }));
  }

  /**
   * Locks the user's row, applies the change, and records what changed in the same transaction.
   * Two people saving the same new e-mail at once both pass the check above; the unique index
   * then refuses the second, which is answered 409 like the check's own refusal.
   */
  private async change(
    actor: Actor,
    action: string,
    decide: (manager: EntityManager, user: UserEntity) => Promise<Partial<OwnFields>>,
  ): Promise<UserDto> {
    try {
      const { user, changed } = await this.changeIn(actor, action, decide);
      // Every gateway replica drops what it cached of this person, so each acts for the saved
      // account on the next call.
      if (changed) {
        const event: UserUpdatedEvent = { userId: user._id };
        await publishSignedEvent(this.events, this.signer, this.logger, EVENT_SUBJECTS.userUpdated, event);
      }
      return user;
    } catch (error) {
      if (violatedIndex(error) === EMAIL_INDEX) throw emailTaken();
      throw error;
    }
  }

  private changeIn(
    actor: Actor,
    action: string,
    decide: (manager: EntityManager, user: UserEntity) => Promise<Partial<OwnFields>>,
  ): Promise<{ user: UserDto; changed: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { id: actor._id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user || !user.isActive)
        throw new ServiceError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      const next = await decide(manager, user);
      const changes = diffFields<OwnFields>(user, next);
      if (Object.keys(changes).length > 0) {
        await manager.update(UserEntity, user.id, next);
        await writeAudit(manager, {
          actor: { id: user.id, label: user.serviceNumber, service: actor.via },
          entity: 'user',
          entityId: user.id,
          action,
          changes,
        });
      }
      const saved = toUserDto(await manager.findOneByOrFail(UserEntity, { id: user.id }));
      return { user: saved, changed: Object.keys(changes).length > 0 };
    });
  }
}

/** The unique index on lower(email): one e-mail address, one person. */
const EMAIL_INDEX = 'users_email_key';

function emailTaken(email?: string): ServiceError {
  return new ServiceError(
    'CONFLICT',
    email
      ? `The e-mail address ${email} is already in use.`
      : 'That e-mail address was just taken by someone else. Choose another.',
  );
}
