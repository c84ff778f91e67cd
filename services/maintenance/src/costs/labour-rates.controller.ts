import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  addLabourRateSchema,
  ID_PATTERN,
  labourRateQuerySchema,
  readsCosts,
  roleIs,
  setCostSettingsSchema,
  SUBJECTS,
  type Actor,
  type CostSettings,
  type LabourRate,
  type LabourRatePage,
  type RemovedRecord,
} from '@caliber/contracts';
import { Acting, Command, parsePayload, ServiceError } from '@caliber/service-kit';
import { z } from 'zod';
import { LabourRatesService } from './labour-rates.service';

const READERS_ONLY = 'Costs are for Engineers, Managers and Admins.';
const ADMINS_ONLY = 'Only Admins change the currency and the labour rates.';

/**
 * The hospital currency and the labour rates: Engineers, Managers and Admins read them (costs are
 * for those who oversee the work, never Technicians'), Admins change them.
 */
@Controller()
export class LabourRatesController {
  constructor(private readonly rates: LabourRatesService) {}

  @MessagePattern(SUBJECTS.maintenance.costSettings)
  settings(@Acting() actor: Actor): Promise<CostSettings> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', READERS_ONLY);
    return this.rates.settings();
  }

  /** The currency is how amounts are written, not a cost: anyone signed in reads it. */
  @MessagePattern(SUBJECTS.maintenance.costCurrency)
  currency(@Acting() _actor: Actor): Promise<CostSettings> {
    return this.rates.settings();
  }

  @MessagePattern(SUBJECTS.maintenance.setCostSettings)
  setSettings(@Acting() actor: Actor, @Command() data: unknown): Promise<CostSettings> {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', ADMINS_ONLY);
    const { data: body } = parsePayload(z.object({ data: z.unknown() }).loose(), data);
    return this.rates.setSettings(actor, parsePayload(setCostSettingsSchema, body));
  }

  @MessagePattern(SUBJECTS.maintenance.labourRates)
  list(@Acting() actor: Actor, @Command() data: unknown): Promise<LabourRatePage> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', READERS_ONLY);
    const { query } = parsePayload(z.object({ query: z.unknown().default({}) }).loose(), data);
    return this.rates.list(parsePayload(labourRateQuerySchema, query));
  }

  @MessagePattern(SUBJECTS.maintenance.addLabourRate)
  add(@Acting() actor: Actor, @Command() data: unknown): Promise<LabourRate> {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', ADMINS_ONLY);
    const { data: body } = parsePayload(z.object({ data: z.unknown() }).loose(), data);
    return this.rates.add(actor, parsePayload(addLabourRateSchema, body));
  }

  @MessagePattern(SUBJECTS.maintenance.withdrawLabourRate)
  async withdraw(@Acting() actor: Actor, @Command() data: unknown): Promise<RemovedRecord> {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', ADMINS_ONLY);
    const { id } = parsePayload(z.object({ id: z.string() }).loose(), data);
    if (!ID_PATTERN.test(id)) throw new ServiceError('NOT_FOUND', 'No such labour rate.');
    await this.rates.withdraw(actor, id.toLowerCase());
    return { _id: id.toLowerCase() };
  }
}
