import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  type RequestOtpCommand,
  type RequestOtpResponse,
  type VerifyOtpCommand,
  type VerifyOtpResult,
} from '@caliber/contracts';
import { maskPhone, ServiceError, SmsSender, writeAudit } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import { SignInPolicyService } from '../sso/sign-in-policy.service';

import { LOGGER } from '../tokens';
import { UserEntity } from '../users/user.entity';
import { OtpChallengeEntity } from './otp-challenge.entity';
import { generateOtp, hashOtp, otpMatches } from './otp-code';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Sign-in by one-time code. Rules: only rostered, active staff get a code; a code is 6 random
 * digits, kept only as a keyed hash, valid 5 minutes, for 5 tries, once; a new code is refused
 * within 30 seconds of the previous one. Only the newest code of a user is ever accepted, and
 * only while the account is as it was when the code was sent: a change of phone, a deactivation
 * or a new role ends the codes still waiting (a trigger of the users table, in the same
 * transaction; see the migration `CodesEndWithAccountChange`), and a deletion takes them away.
 */
@Injectable()
export class OtpService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sms: SmsSender,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly sessions: SessionsService,
    private readonly policy: SignInPolicyService,
  ) {}

  async requestOtp(command: RequestOtpCommand): Promise<RequestOtpResponse> {
    const code = generateOtp();
    const { user, challengeId } = await this.dataSource.transaction(async (manager) => {
      // The row lock serialises concurrent requests for one person, so the cool-down holds.
      const user = await this.findSignInUser(manager, command.serviceNumber, true);
      // A code ended by an account change (a new phone) does not hold the next one back: nothing
      // reached the phone the next one goes to.
      const latest = await this.latestChallenge(manager, user.id, { withdrawn: false });
      if (latest) {
        const elapsedSeconds = (Date.now() - latest.createdAt.getTime()) / 1000;
        if (elapsedSeconds < OTP_RESEND_COOLDOWN_SECONDS) {
          const wait = Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - elapsedSeconds);
          throw new ServiceError(
            'OTP_COOLDOWN',
            `A code was sent less than ${OTP_RESEND_COOLDOWN_SECONDS} seconds ago. Wait ${plural(wait, 'second')} before asking for another.`,
            undefined,
            wait,
          );
        }
      }
      // The id is made here so the hash, which binds the code to it, goes in with one insert.
      const challengeId = randomUUID();
      await manager.insert(OtpChallengeEntity, {
        id: challengeId,
        userId: user.id,
        codeHash: hashOtp(this.config.otpPepper, challengeId, code),
        expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
        requestedFrom: command.clientAddress.slice(0, 64),
      });
      return { user, challengeId };
    });

    try {
      await this.sms.send({
        to: user.phoneNumber,
        serviceNumber: user.serviceNumber,
        body: `${this.config.productName}: your sign-in code is ${code}. It expires in ${OTP_TTL_SECONDS / 60} minutes. Do not share it.`,
      });
    } catch (error) {
      // The code never reached the phone: withdraw it so the cool-down does not block a retry.
      await this.dataSource.getRepository(OtpChallengeEntity).delete(challengeId);
      this.logger.error({ err: error, serviceNumber: user.serviceNumber }, 'sign-in code could not be sent');
      throw new ServiceError(
        'SMS_NOT_SENT',
        'The code could not be sent by SMS right now. Please try again in a minute.',
      );
    }
    this.logger.info(
      { serviceNumber: user.serviceNumber, to: maskPhone(user.phoneNumber), from: command.clientAddress },
      'sign-in code sent',
    );
    return {
      message: `A ${OTP_TTL_SECONDS / 60}-minute code was sent to your registered phone ${maskPhone(user.phoneNumber)}.`,
      phoneHint: maskPhone(user.phoneNumber),
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
    };
  }

  async verifyOtp(command: VerifyOtpCommand): Promise<VerifyOtpResult> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const user = await this.findSignInUser(manager, command.serviceNumber, false);
      const challenge = await this.latestChallenge(manager, user.id);
      if (!challenge) {
        throw new ServiceError(
          'OTP_NOT_REQUESTED',
          'No code was requested for this service number. Ask for a code first.',
        );
      }
      if (challenge.withdrawnAt) throw codeWithdrawn();
      if (challenge.consumedAt) {
        throw new ServiceError(
          'OTP_USED',
          'This code has already been used. Ask for a new code to sign in again.',
        );
      }
      if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
        throw new ServiceError('OTP_LOCKED', 'Too many incorrect codes. Ask for a new code.');
      }
      if (challenge.expiresAt.getTime() <= Date.now()) {
        throw new ServiceError('OTP_EXPIRED', 'This code has expired. Ask for a new code.');
      }
      // Take one attempt before comparing, in one conditional statement: its row lock makes
      // simultaneous guesses wait their turn, so however many arrive at once, at most
      // OTP_MAX_ATTEMPTS codes are ever compared with this challenge. It also waits for an account
      // change that is ending the code (the users trigger updates this row) and reads its outcome:
      // `withdrawn_at`, since the shortened expiry is compared with this transaction's own start.
      const taken: unknown = await manager.query(
        `UPDATE "identity"."otp_challenges" SET "attempts" = "attempts" + 1
          WHERE "id" = $1 AND "consumed_at" IS NULL AND "withdrawn_at" IS NULL AND "attempts" < $2
            AND "expires_at" > now()
          RETURNING "attempts"`,
        [challenge.id, OTP_MAX_ATTEMPTS],
      );
      const attempt =
        Array.isArray(taken) && Array.isArray(taken[0]) ? (taken[0] as { attempts: number }[]) : [];
      if (attempt.length === 0) {
        // Another request got there first: it used the code, or took the last attempt.
        const now = await manager.findOneByOrFail(OtpChallengeEntity, { id: challenge.id });
        if (now.withdrawnAt) throw codeWithdrawn();
        if (now.consumedAt)
          throw new ServiceError(
            'OTP_USED',
            'This code has already been used. Ask for a new code to sign in again.',
          );
        if (now.attempts >= OTP_MAX_ATTEMPTS)
          throw new ServiceError('OTP_LOCKED', 'Too many incorrect codes. Ask for a new code.');
        throw new ServiceError('OTP_EXPIRED', 'This code has expired. Ask for a new code.');
      }
      if (!otpMatches(this.config.otpPepper, challenge.id, command.otp, challenge.codeHash)) {
        return { kind: 'wrong' as const, user, attempts: attempt[0]?.attempts ?? OTP_MAX_ATTEMPTS };
      }
      await manager.update(OtpChallengeEntity, challenge.id, { consumedAt: new Date() });
      const signedIn = await this.sessions.signIn(manager, user, command.clientAddress);
      return { kind: 'ok' as const, ...signedIn };
    });

    if (outcome.kind === 'ok') {
      this.logger.info(
        { serviceNumber: outcome.user.serviceNumber, from: command.clientAddress },
        'signed in',
      );
      return { voucher: this.sessions.voucher(outcome.user, outcome.session) };
    }
    return this.refuseWrongCode(outcome.user, outcome.attempts, command.clientAddress);
  }

  /** Answers a wrong code; its attempt was already counted before the comparison. */
  private async refuseWrongCode(user: UserEntity, attempts: number, from: string): Promise<never> {
    const left = OTP_MAX_ATTEMPTS - attempts;
    this.logger.warn({ serviceNumber: user.serviceNumber, attempts, from }, 'incorrect sign-in code');
    if (left <= 0) {
      await this.dataSource.transaction((manager) =>
        writeAudit(manager, {
          actor: { id: null, label: from.slice(0, 64) },
          entity: 'user',
          entityId: user.id,
          action: 'sign-in-locked',
        }),
      );
      throw new ServiceError('OTP_LOCKED', 'Incorrect code. That was the last try: ask for a new code.');
    }
    throw new ServiceError('OTP_INCORRECT', `Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }

  private async findSignInUser(
    manager: EntityManager,
    serviceNumber: string,
    lock: boolean,
  ): Promise<UserEntity> {
    const user = await manager.findOne(UserEntity, {
      where: { serviceNumber },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!user) {
      throw new ServiceError(
        'STAFF_NOT_ROSTERED',
        `Service number ${serviceNumber} is not on the staff roster. Ask your department's administrator to add you.`,
      );
    }
    if (!user.isActive) {
      throw new ServiceError(
        'ACCOUNT_INACTIVE',
        'This account has been deactivated. Contact your administrator.',
      );
    }
    await this.policy.refuseCodeFor(manager, user.role);
    return user;
  }

  /** The person's newest code; `withdrawn: false` passes over codes ended by an account change. */
  private latestChallenge(
    manager: EntityManager,
    userId: string,
    { withdrawn = true }: { withdrawn?: boolean } = {},
  ): Promise<OtpChallengeEntity | null> {
    return manager.findOne(OtpChallengeEntity, {
      where: withdrawn ? { userId } : { userId, withdrawnAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }
}

/**
 * A code ended because the account changed after it was sent (`withdrawn_at`, set by a trigger of
 * the users table): the person asks for a new one, which goes to the phone on the roster now. The
 * words do not say what changed, since whoever holds the old phone reads them too.
 */
function codeWithdrawn(): ServiceError {
  return new ServiceError(
    'OTP_WITHDRAWN',
    'This code no longer works: your account was changed after it was sent. Ask for a new code.',
  );
}
