import { createHash, type KeyObject } from 'node:crypto';
import type { ActingUser, Principal, SignedMessage, StatementClaims } from '@caliber/contracts';
import jwt from 'jsonwebtoken';
import { ServiceError } from '../service-error';
import { STATEMENT_ALGORITHM } from './keys';

/**
 * A statement lives long enough to cross the bus and wait in a queue, not long enough to be worth
 * stealing: a copy is good for this one subject and this one payload for a minute at most.
 */
export const STATEMENT_LIFETIME_SECONDS = 60;
/** Clocks of different machines disagree a little; a few seconds either way are accepted. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** SHA-256 (base64url) of a payload as JSON: what `bh` binds a statement to. */
export function payloadHash(payload: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('base64url');
}

/** Signs what this process sends: its own requests and events, or a person's it vouches for. */
export class StatementSigner {
  constructor(
    readonly principal: Principal,
    private readonly privateKey: KeyObject,
  ) {}

  /** The message to send on `subject`: the payload, and a statement naming the sender (and the person). */
  sign<T>(subject: string, payload: T, user?: ActingUser): SignedMessage<T> {
    const claims: Omit<StatementClaims, 'iat' | 'exp'> = {
      iss: this.principal,
      aud: subject,
      bh: payloadHash(payload),
      ...(user ? { usr: user } : {}),
    };
    const statement = jwt.sign(claims, this.privateKey, {
      algorithm: STATEMENT_ALGORITHM,
      expiresIn: STATEMENT_LIFETIME_SECONDS,
      keyid: this.principal,
    });
    return { statement, payload };
  }

  /** A free-standing signed token (identity's sign-in voucher): `claims` plus expiry. */
  token(claims: object, lifetimeSeconds: number): string {
    return jwt.sign({ ...claims, iss: this.principal }, this.privateKey, {
      algorithm: STATEMENT_ALGORITHM,
      expiresIn: lifetimeSeconds,
      keyid: this.principal,
    });
  }
}

/** Who sent a verified message: the signing principal, and the person it acts for, if any. */
export interface Sender {
  principal: Principal;
  user?: ActingUser;
}

export interface VerifiedMessage {
  sender: Sender;
  payload: unknown;
}

const refused = (why: string) => new ServiceError('UNAUTHENTICATED', `The request was refused: ${why}.`);

function isSignedMessage(value: unknown): value is SignedMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)['statement'] === 'string' &&
    'payload' in value
  );
}

/** Checks statements against the principals' public keys (never a key that came with the message). */
export class StatementVerifier {
  constructor(private readonly keys: ReadonlyMap<string, KeyObject>) {}

  /**
   * The sender of a message received on `subject`, if its statement is signed by one of
   * `allowed`, made for this subject and this payload, and not expired. Anything else is refused
   * as UNAUTHENTICATED, whatever the payload says about who it is.
   */
  verify(subject: string, message: unknown, allowed: readonly string[]): VerifiedMessage {
    if (!isSignedMessage(message)) throw refused('it carries no signed statement');
    const claims = this.verifyToken<StatementClaims>(message.statement, subject);
    if (!allowed.includes(claims.iss)) throw refused(`${claims.iss} may not send ${subject}`);
    if (claims.bh !== payloadHash(message.payload)) throw refused('its statement is for another payload');
    return {
      sender: { principal: claims.iss, ...(claims.usr ? { user: claims.usr } : {}) },
      payload: message.payload,
    };
  }

  /** A free-standing token's claims, if signed by `issuer` for `audience` and not expired. */
  verifyToken<C extends { iss: string }>(token: string, audience: string, issuer?: string): C {
    const decoded = jwt.decode(token, { complete: true });
    const keyId = decoded?.header.kid;
    const key = keyId === undefined ? undefined : this.keys.get(keyId);
    if (!keyId || !key) throw refused('its signer is unknown');
    if (issuer !== undefined && keyId !== issuer) throw refused(`it is not signed by ${issuer}`);
    try {
      return jwt.verify(token, key, {
        algorithms: [STATEMENT_ALGORITHM],
        audience,
        issuer: keyId,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        // Whatever expiry it claims, nothing older than a statement's lifetime is accepted.
        maxAge: STATEMENT_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS,
      }) as unknown as C;
    } catch (error) {
      throw refused(
        error instanceof jwt.TokenExpiredError ? 'its statement has expired' : 'its statement is not valid',
      );
    }
  }
}
