import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  EVENT_SUBJECTS,
  type Actor,
  type ConfirmEmailResponse,
  type UserDto,
  type UserUpdatedEvent,
} from '@caliber/contracts';
import {
  Mailer,
  publishSignedEvent,
  ServiceError,
  StatementSigner,
  violatedIndex,
  writeAudit,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { DataSource, MoreThan, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IDENTITY_EVENTS_CLIENT } from '../sessions/sessions-ended.relay';
import { LOGGER } from '../tokens';
import { lockOwnAccount, ownAuditActor } from '../users/own-account';
import { UserEntity } from '../users/user.entity';
import { toUserDto } from '../users/user.mapper';
import { confirmationMail } from './confirmation-mail';
import { hashConfirmationToken, newConfirmationToken } from './confirmation-token';
import { EmailChangeEntity } from './email-change.entity';
import { sameAddress } from './email-intent';
import { confirmationMailRefusal } from './email-limits';

/** A confirmation mail about to go out: its change is in state `sending` until it has. */
export interface PreparedConfirmation {
  changeId: string;
  address: string;
  serviceNumber: string;
  token: string;
}

/** The unique index on lower(email): one address, one person. */
export const EMAIL_INDEX = 'users_email_key';

export function emailTaken(email: string): ServiceError {
  return new ServiceError('CONFLICT', `The e-mail address ${email} is already in use.`);
}

/**
 * The rules of a person's own e-mail address (docs/using/email-addresses.md):
 * - a new address the person enters does not replace theirs: a link is mailed to it, and the old
 *   address stays in force (and gets nothing new) until the link is opened; the link works once,
 *   for 24 hours, whether or not the person is signed in where they open it;
 * - a newer change replaces a pending one (its link stops working); the person may cancel it, or
 *   have its mail sent again (a new link: only the newest works);
 * - an address set by anyone else, or kept from before, is not confirmed until the person has a
 *   link sent to it from Settings and opens it;
 * - at most one confirmation mail a minute and five a day per person (`confirmationMailRefusal`);
 * - one address belongs to one person: taken by someone else, it is refused when asked for, and
 *   again when confirmed (two people confirming one address at once: the unique index lets one
 *   through, the other is told).
 * A mail goes out between two transactions, never inside one (a slow mail server must not hold a
 * database connection): the first records it as `sending` under the person's lock, the second
 * makes it the pending change once it has left. One that cannot be sent is deleted, and nothing
 * changes. Locks are taken in one order everywhere: the person's row, then their changes.
 */
@Injectable()
export class EmailConfirmationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly mailer: Mailer,
    @Inject(IDENTITY_EVENTS_CLIENT) private readonly events: ClientProxy,
    private readonly signer: StatementSigner,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Under the person's lock (`user` was locked by the caller): refuses an address that is someone
   * else's and a mail past the person's limit, then records the mail as `sending`.
   */
  async prepare(manager: EntityManager, user: UserEntity, address: string): Promise<PreparedConfirmation> {
    const taken: unknown[] = await manager.query(
      `SELECT 1 FROM "identity"."users" WHERE lower("email") = lower($1) AND "id" <> $2`,
      [address, user.id],
    );
    if (taken.length > 0) throw emailTaken(address);
    const now = new Date();
    const recent = await manager.find(EmailChangeEntity, {
      select: { createdAt: true },
      where: { userId: user.id, createdAt: MoreThan(new Date(now.getTime() - 24 * 60 * 60 * 1000)) },
    });
    const refusal = confirmationMailRefusal(
      recent.map((change) => change.createdAt),
      now,
    );
    if (refusal) throw refusal;
    const { token, hash } = newConfirmationToken();
    const change = await manager.save(
      manager.create(EmailChangeEntity, {
        userId: user.id,
        address,
        tokenHash: hash,
        state: 'sending',
        expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000),
        endedAt: null,
      }),
    );
    return { changeId: change.id, address, serviceNumber: user.serviceNumber, token };
  }

  /** Sends the mail; one that cannot be sent is taken back (it does not count), and nothing changes. */
  async deliver(prepared: PreparedConfirmation): Promise<void> {
    try {
      await this.mailer.send(
        confirmationMail({
          productName: this.config.productName,
          publicUrl: this.config.publicUrl,
          address: prepared.address,
          serviceNumber: prepared.serviceNumber,
          token: prepared.token,
        }),
      );
    } catch (error) {
      await this.dataSource.getRepository(EmailChangeEntity).delete(prepared.changeId);
      this.logger.error(
        { err: error, serviceNumber: prepared.serviceNumber },
        'e-mail confirmation could not be sent',
      );
      throw new ServiceError(
        'SERVICE_UNAVAILABLE',
        `The confirmation could not be e-mailed to ${prepared.address} just now, so nothing was changed. Try again in a minute.`,
      );
    }
    this.logger.info({ serviceNumber: prepared.serviceNumber }, 'e-mail confirmation sent');
  }

  /**
   * Under the person's lock, once the mail has left: it becomes the person's pending change, and
   * the one before (if any) is replaced.
   */
  async promote(manager: EntityManager, user: UserEntity, prepared: PreparedConfirmation): Promise<void> {
    await manager.update(
      EmailChangeEntity,
      { userId: user.id, state: 'pending' },
      { state: 'replaced', endedAt: new Date() },
    );
    const promoted = await manager.update(
      EmailChangeEntity,
      { id: prepared.changeId, state: 'sending' },
      { state: 'pending' },
    );
    // Its row went with the person (deleted meanwhile): their session has ended with it.
    if (!promoted.affected)
      throw new ServiceError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    await manager.update(UserEntity, user.id, { pendingEmail: prepared.address });
  }

  /** Ends the person's pending change, if any (within the caller's transaction, under their lock). */
  async endPending(manager: EntityManager, userId: string, state: 'cancelled' | 'replaced'): Promise<void> {
    await manager.update(EmailChangeEntity, { userId, state: 'pending' }, { state, endedAt: new Date() });
  }

  /**
   * Settings' "Send again": a new link for the pending address, or, with none pending, for the
   * person's own address when it is not confirmed (set by someone else, or kept from before).
   */
  async sendAgain(actor: Actor): Promise<UserDto> {
    const prepared = await this.dataSource.transaction(async (manager) => {
      const user = await lockOwnAccount(manager, actor);
      const address = user.pendingEmail ?? (user.emailConfirmedAt === null ? user.email : null);
      if (!address)
        throw new ServiceError(
          'CONFLICT',
          user.email
            ? `Your e-mail address ${user.email} is confirmed already: there is nothing to confirm.`
            : 'You have no e-mail address to confirm. Enter one under Profile and save it.',
        );
      return this.prepare(manager, user, address);
    });
    await this.deliver(prepared);
    const user = await this.dataSource.transaction(async (manager) => {
      const user = await lockOwnAccount(manager, actor);
      await this.promote(manager, user, prepared);
      await writeAudit(manager, {
        actor: ownAuditActor(user, actor),
        entity: 'user',
        entityId: user.id,
        action: 'email-confirmation-sent',
        changes: { pendingEmail: { from: user.pendingEmail, to: prepared.address } },
      });
      return toUserDto(await manager.findOneByOrFail(UserEntity, { id: user.id }));
    });
    await this.announce(user._id);
    return user;
  }

  /** Settings' "Cancel change": the pending address goes, its link stops working; the address in force stays. */
  async cancel(actor: Actor): Promise<UserDto> {
    const { user, changed } = await this.dataSource.transaction(async (manager) => {
      const user = await lockOwnAccount(manager, actor);
      if (user.pendingEmail === null) return { user: toUserDto(user), changed: false };
      await this.endPending(manager, user.id, 'cancelled');
      await manager.update(UserEntity, user.id, { pendingEmail: null });
      await writeAudit(manager, {
        actor: ownAuditActor(user, actor),
        entity: 'user',
        entityId: user.id,
        action: 'email-change-cancelled',
        changes: { pendingEmail: { from: user.pendingEmail, to: null } },
      });
      return { user: toUserDto(await manager.findOneByOrFail(UserEntity, { id: user.id })), changed: true };
    });
    if (changed) await this.announce(user._id);
    return user;
  }

  /**
   * A link opened: the token alone says whose change it is (the person may be signed in on this
   * device, on another, or nowhere). The address it names comes into force, confirmed.
   */
  async confirm(token: string): Promise<ConfirmEmailResponse> {
    const hash = hashConfirmationToken(token);
    let address = '';
    try {
      const userId = await this.dataSource.transaction(async (manager) => {
        // The change is found first to learn whose it is, then read again under the person's
        // lock (the order every change of the person takes): what it says then is what counts.
        const found = await manager.findOneBy(EmailChangeEntity, { tokenHash: hash });
        if (!found || found.state === 'sending') throw unknownLink();
        const user = await manager.findOne(UserEntity, {
          where: { id: found.userId },
          lock: { mode: 'pessimistic_write' },
        });
        const change = await manager.findOneBy(EmailChangeEntity, { id: found.id });
        if (!user || !change) throw unknownLink();
        // A deactivation also ended the change: the account's state is the reason to give.
        if (!user.isActive)
          throw new ServiceError(
            'ACCOUNT_INACTIVE',
            'This account has been deactivated, so its e-mail address cannot be changed. Contact your administrator.',
          );
        refuseEnded(change);
        address = change.address;
        if (!sameAddress(user.email, address)) {
          const taken: unknown[] = await manager.query(
            `SELECT 1 FROM "identity"."users" WHERE lower("email") = lower($1) AND "id" <> $2`,
            [address, user.id],
          );
          if (taken.length > 0) throw confirmedByAnother(address);
        }
        const now = new Date();
        await manager.update(EmailChangeEntity, change.id, { state: 'confirmed', endedAt: now });
        // Address and confirmation in one statement: the trigger keeps the confirmation only so.
        await manager.update(UserEntity, user.id, {
          email: address,
          emailConfirmedAt: now,
          pendingEmail: null,
        });
        await writeAudit(manager, {
          actor: { id: user.id, label: user.serviceNumber },
          entity: 'user',
          entityId: user.id,
          action: 'email-confirmed',
          changes: {
            email: { from: user.email, to: address },
            ...(user.pendingEmail ? { pendingEmail: { from: user.pendingEmail, to: null } } : {}),
          },
        });
        return user.id;
      });
      await this.announce(userId);
    } catch (error) {
      // Two people confirming one address at once both pass the check; the index lets one through.
      if (violatedIndex(error) === EMAIL_INDEX) throw confirmedByAnother(address);
      throw error;
    }
    return {
      email: address,
      message: `Your e-mail address is now ${address}. Reports you ask for may be e-mailed to it.`,
    };
  }

  /** Every gateway drops what it cached of the person, so each acts for the saved account. */
  async announce(userId: string): Promise<void> {
    const event: UserUpdatedEvent = { userId, nameChanged: false };
    await publishSignedEvent(this.events, this.signer, this.logger, EVENT_SUBJECTS.userUpdated, event);
  }
}

function unknownLink(): ServiceError {
  return new ServiceError(
    'NOT_FOUND',
    'This confirmation link is not known. Open the newest confirmation e-mail, or have a new one sent from Settings.',
  );
}

/** Why a link found no longer works (used, expired, replaced or cancelled); a live one passes. */
function refuseEnded(change: EmailChangeEntity): void {
  switch (change.state) {
    case 'confirmed':
      throw new ServiceError(
        'GONE',
        'This confirmation link has been used already: the address it confirmed is in force. Nothing more to do.',
      );
    case 'replaced':
      throw new ServiceError(
        'GONE',
        'This confirmation link was replaced: a newer link was sent, or the address was changed since. Open the newest confirmation e-mail, or have a new one sent from Settings.',
      );
    case 'cancelled':
      throw new ServiceError(
        'GONE',
        'This e-mail change was cancelled. To use the address, enter it again in Settings and save: a new link is sent.',
      );
    case 'sending':
      // Its mail had not left (or could not be sent): no link of it is known to anyone.
      throw unknownLink();
    case 'pending':
      if (change.expiresAt.getTime() <= Date.now())
        throw new ServiceError(
          'GONE',
          `This confirmation link has expired: links work for ${EMAIL_CONFIRMATION_TTL_HOURS} hours. Have a new one sent from Settings (Profile, Send again).`,
        );
      return;
  }
}

function confirmedByAnother(address: string): ServiceError {
  return new ServiceError(
    'CONFLICT',
    `${address} has just been confirmed as someone else's address, and one address belongs to one person. Choose another in Settings.`,
  );
}
