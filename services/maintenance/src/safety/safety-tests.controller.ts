import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  recordSafetyTestSchema,
  safetyImportCommandSchema,
  SUBJECTS,
  type Actor,
  type DeviceSafetyTests,
  type RecordSafetyTestResponse,
  type SafetyImportApplied,
  type SafetyImportPreview,
  type SafetyTestDto,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { SafetyFileImports } from './safety-file-imports';
import { SafetyTestsService } from './safety-tests.service';

/** Any text: an id that is not a UUID names nothing, which the service answers with 404. */
const id = z.string().max(64);

/**
 * NATS handlers of electrical-safety tests. Reading is for anyone signed in (`@Acting` refuses a
 * message naming no person); recording and importing are for Engineers and Admins (the service).
 */
@Controller()
export class SafetyTestsController {
  constructor(
    private readonly safety: SafetyTestsService,
    private readonly imports: SafetyFileImports,
  ) {}

  @MessagePattern(SUBJECTS.maintenance.safetyTestsOfDevice)
  ofDevice(@Acting() _actor: Actor, @Command() data: unknown): Promise<DeviceSafetyTests> {
    return this.safety.ofDevice(parsePayload(z.object({ equipmentId: id }), data).equipmentId);
  }

  @MessagePattern(SUBJECTS.maintenance.safetyTestGet)
  get(@Acting() _actor: Actor, @Command() data: unknown): Promise<SafetyTestDto> {
    return this.safety.get(parsePayload(z.object({ id }), data).id);
  }

  @MessagePattern(SUBJECTS.maintenance.safetyTestRecord)
  async record(@Acting() actor: Actor, @Command() data: unknown): Promise<RecordSafetyTestResponse> {
    const command = parsePayload(z.object({ equipmentId: id, data: recordSafetyTestSchema }), data);
    return {
      test: await this.safety.record(
        actor,
        command.equipmentId,
        command.data.test,
        command.data.openRepairTask,
      ),
    };
  }

  @MessagePattern(SUBJECTS.maintenance.safetyImportPreview)
  importPreview(@Acting() actor: Actor, @Command() data: unknown): Promise<SafetyImportPreview> {
    return this.imports.preview(actor, parsePayload(safetyImportCommandSchema, data));
  }

  @MessagePattern(SUBJECTS.maintenance.safetyImportApply)
  importApply(@Acting() actor: Actor, @Command() data: unknown): Promise<SafetyImportApplied> {
    return this.imports.apply(actor, parsePayload(safetyImportCommandSchema, data));
  }
}
