import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type CheckSessionResult, type EndSessionResult } from '@caliber/contracts';
import {
  actorOf,
  Command,
  MessageSender,
  parsePayload,
  ServiceError,
  type Sender,
} from '@caliber/service-kit';
import { z } from 'zod';
import { SsoService } from '../sso/sso.service';
import { SessionsService } from './sessions.service';

const checkSessionSchema = z.object({
  sessionId: z.uuid({ error: 'sessionId must be a UUID' }),
  nonce: z.string().min(16).max(64),
});

/** The gateway's questions about sessions: does this one still hold; end the one I act in. */
@Controller()
export class SessionController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly sso: SsoService,
  ) {}

  @MessagePattern(SUBJECTS.identity.checkSession)
  check(@Command() data: unknown): Promise<CheckSessionResult> {
    const query = parsePayload(checkSessionSchema, data);
    return this.sessions.check(query.sessionId, query.nonce);
  }

  /**
   * The person's sign-in before the one this session began with: the dashboard's 'Last Login'
   * (null on a first sign-in). Only the person's own sessions are read.
   */
  @MessagePattern(SUBJECTS.identity.previousSignIn)
  async previousSignIn(@MessageSender() sender: Sender): Promise<{ at: string | null }> {
    const sessionId = sender.user?.sessionId;
    if (!sender.user || !sessionId)
      throw new ServiceError('UNAUTHENTICATED', 'The request was refused: it names no session.');
    return { at: await this.sessions.previousSignIn(sender.user.id, sessionId) };
  }

  /**
   * Sign-out ends the session named by the statement: a person can end only their own. A session
   * that began at an identity provider answers where to end the provider's session too.
   */
  @MessagePattern(SUBJECTS.identity.endSession)
  async end(@MessageSender() sender: Sender): Promise<EndSessionResult> {
    const sessionId = sender.user?.sessionId;
    if (!sender.user || !sessionId)
      throw new ServiceError('UNAUTHENTICATED', 'The request was refused: it names no session.');
    const session = await this.sessions.signOut(actorOf(sender.user, sender.principal), sessionId);
    return { ended: true, providerSignOutUrl: await this.sso.providerSignOutUrl(session) };
  }
}
