import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, updateSignInPolicySchema, type Actor, type SignInPolicy } from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { SignInPolicyService } from './sign-in-policy.service';

/** The Admins' sign-in policy: which roles must use single sign-on. */
@Controller()
export class SignInPolicyController {
  constructor(private readonly policy: SignInPolicyService) {}

  @MessagePattern(SUBJECTS.identity.signInPolicy)
  read(@Acting() actor: Actor): Promise<SignInPolicy> {
    return this.policy.read(actor);
  }

  @MessagePattern(SUBJECTS.identity.updateSignInPolicy)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<SignInPolicy> {
    const { data: body } = parsePayload(z.object({ data: updateSignInPolicySchema }), data);
    return this.policy.update(actor, body.ssoRequiredRoles);
  }
}
