import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  addVendorSchema,
  SUBJECTS,
  updateVendorSchema,
  vendorQuerySchema,
  vendorRefsRequestSchema,
  type Actor,
  type Vendor,
  type VendorPage,
  type VendorRefsAnswer,
} from '@caliber/contracts';
import {
  Acting,
  Command,
  bodyCommand,
  idBodyCommand,
  idCommand,
  queryCommand,
  parsePayload,
} from '@caliber/service-kit';
import { VendorsService } from './vendors.service';

/** NATS handlers of the vendors (who may read and keep them: the service). */
@Controller()
export class VendorsController {
  constructor(private readonly vendors: VendorsService) {}

  @MessagePattern(SUBJECTS.equipment.vendorsList)
  page(@Acting() actor: Actor, @Command() data: unknown): Promise<VendorPage> {
    const { query } = parsePayload(queryCommand, data);
    return this.vendors.page(actor, parsePayload(vendorQuerySchema, query));
  }

  @MessagePattern(SUBJECTS.equipment.vendorsGet)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<Vendor> {
    return this.vendors.get(actor, parsePayload(idCommand, data).id);
  }

  @MessagePattern(SUBJECTS.equipment.vendorsAdd)
  add(@Acting() actor: Actor, @Command() data: unknown): Promise<Vendor> {
    const { data: body } = parsePayload(bodyCommand, data);
    return this.vendors.add(actor, parsePayload(addVendorSchema, body));
  }

  @MessagePattern(SUBJECTS.equipment.vendorsUpdate)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<Vendor> {
    const { id, data: body } = parsePayload(idBodyCommand, data);
    return this.vendors.update(actor, id, parsePayload(updateVendorSchema, body));
  }

  /** For maintenance only (SUBJECT_SENDERS, made from SERVICE_CALLS, lets no person through). */
  @MessagePattern(SUBJECTS.equipment.vendorRefs)
  refs(@Command() data: unknown): Promise<VendorRefsAnswer> {
    return this.vendors.refs(parsePayload(vendorRefsRequestSchema, data).ids);
  }
}
