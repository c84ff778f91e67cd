import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  addServiceContractSchema,
  contractsRenewalDueRequestSchema,
  serviceContractQuerySchema,
  SUBJECTS,
  updateServiceContractSchema,
  type Actor,
  type ContractsRenewalDuePage,
  type DeviceCover,
  type ServiceContract,
  type ServiceContractPage,
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
import { ServiceContractsService } from './service-contracts.service';

/** NATS handlers of the service contracts and of a device's cover (who may: the service). */
@Controller()
export class ServiceContractsController {
  constructor(private readonly contracts: ServiceContractsService) {}

  @MessagePattern(SUBJECTS.equipment.contractsList)
  page(@Acting() actor: Actor, @Command() data: unknown): Promise<ServiceContractPage> {
    const { query } = parsePayload(queryCommand, data);
    return this.contracts.page(actor, parsePayload(serviceContractQuerySchema, query));
  }

  @MessagePattern(SUBJECTS.equipment.contractsGet)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<ServiceContract> {
    return this.contracts.get(actor, parsePayload(idCommand, data).id);
  }

  @MessagePattern(SUBJECTS.equipment.contractsAdd)
  add(@Acting() actor: Actor, @Command() data: unknown): Promise<ServiceContract> {
    const { data: body } = parsePayload(bodyCommand, data);
    return this.contracts.add(actor, parsePayload(addServiceContractSchema, body));
  }

  @MessagePattern(SUBJECTS.equipment.contractsUpdate)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<ServiceContract> {
    const { id, data: body } = parsePayload(idBodyCommand, data);
    return this.contracts.update(actor, id, parsePayload(updateServiceContractSchema, body));
  }

  /** For the notifying service only (SUBJECT_SENDERS, made from SERVICE_CALLS, lets no person through). */
  @MessagePattern(SUBJECTS.equipment.contractsRenewalDue)
  renewalDue(@Command() data: unknown): Promise<ContractsRenewalDuePage> {
    return this.contracts.renewalDue(parsePayload(contractsRenewalDueRequestSchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.cover)
  cover(@Acting() actor: Actor, @Command() data: unknown): Promise<DeviceCover> {
    return this.contracts.cover(actor, parsePayload(idCommand, data).id);
  }
}
