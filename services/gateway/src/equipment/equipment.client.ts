import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type ChangeEquipmentStatusRequest,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type HospitalListsDto,
  type ListEntryDto,
  type ListEntryUpdate,
  type ListEquipmentQuery,
  type NewListEntry,
  type RiskScores,
  type NewEquipment,
  type StatusHistoryPage,
  type StatusHistoryQuery,
  type UpdateEquipmentRequest,
} from '@caliber/contracts';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { SERVICE_CHANNEL } from '../identity/service-client';

/** The gateway's typed view of the equipment service; every request is signed for who asks. */
@Injectable()
export class EquipmentClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'equipment service');
  }

  list(session: GatewaySession, query: ListEquipmentQuery): Promise<EquipmentListResponse> {
    return this.request(SUBJECTS.equipment.list, query, actingUserOf(session));
  }

  get(session: GatewaySession, id: string): Promise<EquipmentDetail> {
    return this.request(SUBJECTS.equipment.get, { id }, actingUserOf(session));
  }

  history(session: GatewaySession, id: string, query: StatusHistoryQuery): Promise<StatusHistoryPage> {
    return this.request(SUBJECTS.equipment.history, { id, query }, actingUserOf(session));
  }

  create(session: GatewaySession, data: NewEquipment): Promise<EquipmentDto> {
    return this.request(SUBJECTS.equipment.create, { data }, actingUserOf(session));
  }

  update(session: GatewaySession, id: string, data: UpdateEquipmentRequest): Promise<EquipmentDto> {
    return this.request(SUBJECTS.equipment.update, { id, data }, actingUserOf(session));
  }

  changeStatus(
    session: GatewaySession,
    id: string,
    data: ChangeEquipmentStatusRequest,
  ): Promise<EquipmentDto> {
    return this.request(SUBJECTS.equipment.changeStatus, { id, data }, actingUserOf(session));
  }

  assessRisk(session: GatewaySession, id: string, data: RiskScores, version?: number): Promise<EquipmentDto> {
    return this.request(
      SUBJECTS.equipment.assessRisk,
      { id, data, ...(version === undefined ? {} : { version }) },
      actingUserOf(session),
    );
  }

  delete(session: GatewaySession, id: string): Promise<{ _id: string }> {
    return this.request(SUBJECTS.equipment.delete, { id }, actingUserOf(session));
  }

  lists(session: GatewaySession): Promise<HospitalListsDto> {
    return this.request(SUBJECTS.equipment.lists, {}, actingUserOf(session));
  }

  addListEntry(session: GatewaySession, data: NewListEntry): Promise<ListEntryDto> {
    return this.request(SUBJECTS.equipment.addListEntry, { data }, actingUserOf(session));
  }

  updateListEntry(session: GatewaySession, id: string, data: ListEntryUpdate): Promise<ListEntryDto> {
    return this.request(SUBJECTS.equipment.updateListEntry, { id, data }, actingUserOf(session));
  }
}
