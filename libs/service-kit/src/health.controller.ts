import { Controller, Get, HttpException, HttpStatus, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ServiceHealthReply } from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { probe } from './health';

/**
 * A domain service's health: its `<service>.health` NATS subject (asked by the gateway's
 * /api/health), and its own HTTP `/health/live` (the process answers) and `/health/ready` (the
 * database answers too) for orchestrator probes.
 */
export function serviceHealthController(service: string, subject: string): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    private async check(): Promise<ServiceHealthReply> {
      return { service, database: await probe(() => this.dataSource.query('SELECT 1')) };
    }

    @MessagePattern(subject)
    natsHealth(): Promise<ServiceHealthReply> {
      return this.check();
    }

    @Get('health/live')
    live(): { status: 'up' } {
      return { status: 'up' };
    }

    @Get('health/ready')
    async ready(): Promise<ServiceHealthReply> {
      const reply = await this.check();
      if (reply.database.status !== 'up') throw new HttpException(reply, HttpStatus.SERVICE_UNAVAILABLE);
      return reply;
    }
  }
  return HealthController;
}
