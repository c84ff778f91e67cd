import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import {
  CLINICAL_REFUSAL,
  CLINICAL_SUBJECTS,
  isClinical,
  SUBJECT_SENDERS,
  type ActingUser,
  type Actor,
} from '@caliber/contracts';
import { ServiceError } from '../service-error';
import { StatementVerifier, type Sender, type VerifiedMessage } from './statements';

/** What the guard learnt of each message it let through, for the handler's parameters. */
const verified = new WeakMap<object, VerifiedMessage>();

/**
 * Applied to every NATS handler of a domain service: a message is handled only if its statement
 * is signed by a principal allowed to send that subject (`SUBJECT_SENDERS`), for that subject and
 * that payload. The handler then reads the payload with `@Command()` and who acts with
 * `@Acting()` / `@MessageSender()`, never from the payload itself. A message acting for clinical
 * staff is handled only on the few subjects open to them (`CLINICAL_SUBJECTS`). HTTP routes (the
 * probe port) are not messages and pass.
 */
@Injectable()
export class SignedMessageGuard implements CanActivate {
  constructor(private readonly verifier: StatementVerifier) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'rpc') return true;
    const rpc = context.switchToRpc();
    const subject = rpc.getContext<NatsContext>().getSubject();
    const data: unknown = rpc.getData();
    const message = this.verifier.verify(subject, data, SUBJECT_SENDERS[subject] ?? []);
    if (isClinical(message.sender.user?.role) && !CLINICAL_SUBJECTS.has(subject))
      throw new ServiceError('FORBIDDEN', CLINICAL_REFUSAL);
    if (typeof data === 'object' && data !== null) verified.set(data, message);
    return true;
  }
}

function verifiedMessage(context: ExecutionContext): VerifiedMessage {
  const data: unknown = context.switchToRpc().getData();
  const message = typeof data === 'object' && data !== null ? verified.get(data) : undefined;
  // Only reachable if a handler is registered without the guard: refuse rather than trust it.
  if (!message) throw new ServiceError('UNAUTHENTICATED', 'The request was refused: it was not verified.');
  return message;
}

/** The verified message's payload (validate it with the contract's schema as before). */
export const Command = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown => verifiedMessage(context).payload,
);

/** Who signed the message, and for whom. */
export const MessageSender = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Sender => verifiedMessage(context).sender,
);

/**
 * The person the message acts for, with the service that vouched for them: the handler of a
 * change needs one, so a statement without a person is refused here.
 */
export const Acting = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const { sender } = verifiedMessage(context);
  if (!sender.user)
    throw new ServiceError('UNAUTHENTICATED', 'The request was refused: it does not name who is acting.');
  return actorOf(sender.user, sender.principal);
});

/** The acting person as a service records them: id, name, role, service number, and who vouched. */
export function actorOf(user: ActingUser, via: Sender['principal']): Actor {
  return {
    _id: user.id,
    name: user.name,
    role: user.role,
    serviceNumber: user.serviceNumber,
    via,
    ...(user.ward === undefined ? {} : { ward: user.ward }),
  };
}
