import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  SUBJECTS,
  type Actor,
  type ChangeEquipmentStatusRequest,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type ListEquipmentQuery,
  type NewEquipment,
  type StatusHistoryPage,
  type StatusHistoryQuery,
  type UpdateEquipmentRequest,
  type UserDto,
} from '@caliber/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { DomainServiceClient, SERVICES_CLIENT } from '../identity/service-client';

const actorOf = (user: UserDto): Actor => ({ _id: user._id, name: user.name, role: user.role });

/** The gateway's typed view of the equipment service; every command carries who asks. */
@Injectable()
export class EquipmentClient extends DomainServiceClient {
  constructor(@Inject(SERVICES_CLIENT) client: ClientProxy, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(client, config.natsRequestTimeoutMs, 'equipment service');
  }

  list(query: ListEquipmentQuery): Promise<EquipmentListResponse> {
    return this.request(SUBJECTS.equipment.list, query);
  }

  get(id: string): Promise<EquipmentDetail> {
    return this.request(SUBJECTS.equipment.get, { id });
  }

  history(id: string, query: StatusHistoryQuery): Promise<StatusHistoryPage> {
    return this.request(SUBJECTS.equipment.history, { id, query });
  }

  create(user: UserDto, data: NewEquipment): Promise<EquipmentDto> {
    return this.request(SUBJECTS.equipment.create, { actor: actorOf(user), data });
  }

  update(user: UserDto, id: string, data: UpdateEquipmentRequest): Promise<EquipmentDto> {
    return this.request(SUBJECTS.equipment.update, { actor: actorOf(user), id, data });
  }

  changeStatus(user: UserDto, id: string, data: ChangeEquipmentStatusRequest): Promise<EquipmentDto> {
    return this.request(SUBJECTS.equipment.changeStatus, { actor: actorOf(user), id, data });
  }

  delete(user: UserDto, id: string): Promise<{ _id: string }> {
    return this.request(SUBJECTS.equipment.delete, { actor: actorOf(user), id });
  }
}
