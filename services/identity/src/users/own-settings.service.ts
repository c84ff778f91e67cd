import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENT_SUBJECTS,
  type Actor,
  DEFAULT_NOTIFICATION_SETTINGS,
  type AppearanceSettings,
  type NotificationSettings,
  type TurnOffNotificationsCommand,
  type ReportDefaults,
  type UpdateProfileCommand,
  type UserDto,
  type UserUpdatedEvent,
} from '@caliber/contracts';
import { diffFields, publishSignedEvent, StatementSigner, writeAudit } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { IDENTITY_EVENTS_CLIENT } from '../sessions/sessions-ended.relay';
import { LOGGER } from '../tokens';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';
import { toUserDto } from './user.mapper';
import { EmailConfirmationService } from '../email/email-confirmation.service';
import { lockOwnAccount, ownAuditActor } from './own-account';
import { emailIntent } from '../email/email-intent';

type OwnFields = Pick<
  UserEntity,
  'name' | 'email' | 'pendingEmail' | 'notifications' | 'reportDefaults' | 'theme'
>;

/** A signed-in person changing their own profile and settings; each change is audited with it. */
@Injectable()
export class OwnSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_EVENTS_CLIENT) private readonly events: ClientProxy,
    private readonly signer: StatementSigner,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly emails: EmailConfirmationService,
  ) {}

  /**
   * Name and e-mail. A new address does not replace the one in force: its confirmation is mailed
   * to it (`EmailConfirmationService`), and the name is saved with the change once the mail has
   * left; a mail that cannot go out (or past the person's limit) saves nothing. Otherwise the save
   * is one transaction: the pending address entered again changes nothing, the address in force
   * entered while a change is pending cancels that change, and an empty address clears both.
   */
  async updateProfile(actor: Actor, { profile }: UpdateProfileCommand): Promise<UserDto> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const user = await lockOwnAccount(manager, actor);
      const intent = emailIntent(user, profile.email);
      if (intent.kind === 'new')
        return { kind: 'mail' as const, prepared: await this.emails.prepare(manager, user, intent.address) };
      const next: Partial<OwnFields> = { name: profile.name };
      if (intent.kind === 'clear') Object.assign(next, { email: null, pendingEmail: null });
      if (intent.kind === 'clear' || intent.kind === 'keep-current') {
        await this.emails.endPending(manager, user.id, 'cancelled');
        next.pendingEmail = null;
      }
      return { kind: 'saved' as const, ...(await this.apply(manager, actor, user, 'profile-updated', next)) };
    });
    if (outcome.kind === 'saved') return this.announced(outcome);
    await this.emails.deliver(outcome.prepared);
    const saved = await this.dataSource.transaction(async (manager) => {
      const user = await lockOwnAccount(manager, actor);
      await this.emails.promote(manager, user, outcome.prepared);
      return this.apply(manager, actor, user, 'profile-updated', {
        name: profile.name,
        pendingEmail: outcome.prepared.address,
      });
    });
    return this.announced({ ...saved, changed: true });
  }

  updateNotifications(actor: Actor, notifications: NotificationSettings): Promise<UserDto> {
    return this.change(actor, 'notifications-updated', { notifications });
  }

  /**
   * One toggle turned off by the one-click link of an e-mail the person received (the notifying
   * service checked the link's signature). Audited as the person's own change, through that
   * service. A person gone or deactivated since is left as they are: nothing is sent to them anyway.
   */
  async turnOffNotifications({ userId, topic }: TurnOffNotificationsCommand): Promise<void> {
    const saved = await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user || !user.isActive) return null;
      const notifications: NotificationSettings = {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        ...user.notifications,
        [topic]: false,
      };
      const changes = diffFields<OwnFields>(user, { notifications });
      if (Object.keys(changes).length === 0) return null;
      await manager.update(UserEntity, user.id, { notifications });
      await writeAudit(manager, {
        actor: { id: user.id, label: user.serviceNumber, service: 'notifications' },
        entity: 'user',
        entityId: user.id,
        action: 'notifications-unsubscribed',
        changes,
      });
      return toUserDto(await manager.findOneByOrFail(UserEntity, { id: user.id }));
    });
    if (saved) await this.announced({ user: saved, changed: true, nameChanged: false });
  }

  updateReportDefaults(actor: Actor, reportDefaults: ReportDefaults): Promise<UserDto> {
    return this.change(actor, 'report-defaults-updated', { reportDefaults });
  }

  updateAppearance(actor: Actor, { theme }: AppearanceSettings): Promise<UserDto> {
    return this.change(actor, 'appearance-updated', { theme });
  }

  /** Publishes the change (when there was one) and answers the saved account. */
  private async announced({
    user,
    changed,
    nameChanged,
  }: {
    user: UserDto;
    changed: boolean;
    nameChanged: boolean;
  }): Promise<UserDto> {
    // Every gateway replica drops what it cached of this person, so each acts for the saved
    // account on the next call.
    if (changed) {
      const event: UserUpdatedEvent = { userId: user._id, nameChanged };
      await publishSignedEvent(this.events, this.signer, this.logger, EVENT_SUBJECTS.userUpdated, event);
    }
    return user;
  }

  /** Locks the person's row, applies the change, and records what changed in the same transaction. */
  private change(actor: Actor, action: string, next: Partial<OwnFields>): Promise<UserDto> {
    return this.dataSource
      .transaction(async (manager) =>
        this.apply(manager, actor, await lockOwnAccount(manager, actor), action, next),
      )
      .then((saved) => this.announced(saved));
  }

  /** Writes `next` on the locked `user` (nothing when nothing differs) with its audit row. */
  private async apply(
    manager: EntityManager,
    actor: Actor,
    user: UserEntity,
    action: string,
    next: Partial<OwnFields>,
  ): Promise<{ user: UserDto; changed: boolean; nameChanged: boolean }> {
    const changes = diffFields<OwnFields>(user, next);
    const changed = Object.keys(changes).length > 0;
    const nameChanged = 'name' in changes;
    if (changed) {
      await manager.update(UserEntity, user.id, next);
      await writeAudit(manager, {
        actor: ownAuditActor(user, actor),
        entity: 'user',
        entityId: user.id,
        action,
        changes,
      });
    }
    return {
      user: toUserDto(await manager.findOneByOrFail(UserEntity, { id: user.id })),
      changed,
      nameChanged,
    };
  }
}
