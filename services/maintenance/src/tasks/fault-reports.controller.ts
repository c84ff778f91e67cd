import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  addToReportSchema,
  openFaultsQuerySchema,
  SUBJECTS,
  type Actor,
  type AddedReport,
  type OpenFaultPage,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { FaultReportsService } from './fault-reports.service';

/** Any text: an id that is not a UUID names no task or device, which the service answers with 404. */
const id = z.string().max(64);

/**
 * Report Issue's duplicate hint: a device's open faults, and another account added to one. Anyone
 * who may report a fault (the gateway's callers of Report Issue); `@Acting` refuses a message that
 * names no person.
 */
@Controller()
export class FaultReportsController {
  constructor(private readonly faults: FaultReportsService) {}

  @MessagePattern(SUBJECTS.maintenance.openFaults)
  openFaults(@Acting() actor: Actor, @Command() data: unknown): Promise<OpenFaultPage> {
    const command = parsePayload(z.object({ equipmentId: id, query: openFaultsQuerySchema }), data);
    return this.faults.openFaults(actor, command.equipmentId, command.query);
  }

  @MessagePattern(SUBJECTS.maintenance.addToReport)
  add(@Acting() actor: Actor, @Command() data: unknown): Promise<AddedReport> {
    const command = parsePayload(z.object({ id, data: addToReportSchema }), data);
    return this.faults.add(actor, command.id, command.data.description);
  }
}
