import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { SUBJECTS, type MeResponse } from '@caliber/contracts';
import { parsePayload, ServiceError } from '@caliber/service-kit';
import type { Repository } from 'typeorm';
import { z } from 'zod';
import { UserEntity } from './user.entity';
import { toUserDto } from './user.mapper';

const sessionUserQuerySchema = z.object({ userId: z.uuid({ error: 'userId must be a UUID' }) });

/** Answers the gateway's per-call question: does this signed-in user still exist and is it active? */
@Controller()
export class SessionController {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  @MessagePattern(SUBJECTS.identity.sessionUser)
  async sessionUser(@Payload() data: unknown): Promise<MeResponse> {
    const { userId } = parsePayload(sessionUserQuerySchema, data);
    const user = await this.users.findOneBy({ id: userId });
    if (!user)
      throw new ServiceError('UNAUTHENTICATED', 'Your account no longer exists. Please sign in again.');
    if (!user.isActive) {
      throw new ServiceError(
        'UNAUTHENTICATED',
        'Your account has been deactivated. Contact your administrator.',
      );
    }
    return { user: toUserDto(user) };
  }
}
