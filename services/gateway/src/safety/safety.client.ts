import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type SafetyImportApplied,
  type SafetyImportCommand,
  type SafetyImportPreview,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/**
 * How long the gateway waits for maintenance to preview or apply an analyser file: up to 1,000
 * tests, their devices looked up and (on apply) written with their Repair tasks in one
 * transaction, seconds of work where other requests take milliseconds. Past the usual deadline
 * the person would be answered 503 while the service still writes their import.
 */
export const SAFETY_IMPORT_DEADLINE_MS = 60_000;

/** The gateway's calls of the maintenance service with an analyser file's key in the store, signed for who asks. */
@Injectable()
export class SafetyClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'maintenance service');
  }

  importPreview(session: GatewaySession, command: SafetyImportCommand): Promise<SafetyImportPreview> {
    return this.request(
      SUBJECTS.maintenance.safetyImportPreview,
      command,
      actingUserOf(session),
      SAFETY_IMPORT_DEADLINE_MS,
    );
  }

  importApply(session: GatewaySession, command: SafetyImportCommand): Promise<SafetyImportApplied> {
    return this.request(
      SUBJECTS.maintenance.safetyImportApply,
      command,
      actingUserOf(session),
      SAFETY_IMPORT_DEADLINE_MS,
    );
  }
}
