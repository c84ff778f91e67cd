import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { SUBJECTS, type ServiceHealthReply } from '@caliber/contracts';
import { probe } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async check(): Promise<ServiceHealthReply> {
    return { service: 'identity', database: await probe(() => this.dataSource.query('SELECT 1')) };
  }

  @MessagePattern(SUBJECTS.identity.health)
  natsHealth(): Promise<ServiceHealthReply> {
    return this.check();
  }

  /** Liveness: the process answers. */
  @Get('health/live')
  live(): { status: 'up' } {
    return { status: 'up' };
  }

  /** Readiness: the database answers too. */
  @Get('health/ready')
  async ready(): Promise<ServiceHealthReply> {
    const reply = await this.check();
    if (reply.database.status !== 'up') throw new HttpException(reply, HttpStatus.SERVICE_UNAVAILABLE);
    return reply;
  }
}
