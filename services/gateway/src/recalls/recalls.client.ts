import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type CloseRecall,
  type CloseRecallAction,
  type DeviceRecallsResponse,
  type ListRecallsQuery,
  type RecallActionDto,
  type RecallDetail,
  type RecallListResponse,
  type RecallNotice,
  type RecallNoticeUpdate,
  type RecallPreview,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/** The gateway's typed view of the equipment service's recalls; every request is signed for who asks. */
@Injectable()
export class RecallsClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'equipment service');
  }

  list(session: GatewaySession, query: ListRecallsQuery): Promise<RecallListResponse> {
    return this.request(SUBJECTS.equipment.recallsList, query, actingUserOf(session));
  }

  get(session: GatewaySession, id: string): Promise<RecallDetail> {
    return this.request(SUBJECTS.equipment.recallsGet, { id }, actingUserOf(session));
  }

  preview(session: GatewaySession, data: RecallNotice): Promise<RecallPreview> {
    return this.request(SUBJECTS.equipment.recallsPreview, { data }, actingUserOf(session));
  }

  create(session: GatewaySession, data: RecallNotice): Promise<RecallDetail> {
    return this.request(SUBJECTS.equipment.recallsCreate, { data }, actingUserOf(session));
  }

  update(session: GatewaySession, id: string, data: RecallNoticeUpdate): Promise<RecallDetail> {
    return this.request(SUBJECTS.equipment.recallsUpdate, { id, data }, actingUserOf(session));
  }

  closeAction(session: GatewaySession, id: string, data: CloseRecallAction): Promise<RecallActionDto> {
    return this.request(SUBJECTS.equipment.recallsCloseAction, { id, data }, actingUserOf(session));
  }

  close(session: GatewaySession, id: string, data: CloseRecall): Promise<RecallDetail> {
    return this.request(SUBJECTS.equipment.recallsClose, { id, data }, actingUserOf(session));
  }

  forDevice(session: GatewaySession, id: string): Promise<DeviceRecallsResponse> {
    return this.request(SUBJECTS.equipment.recallsForDevice, { id }, actingUserOf(session));
  }
}
