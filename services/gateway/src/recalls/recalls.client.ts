import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type CloseRecall,
  type CloseRecallAction,
  type DeviceRecallsResponse,
  type ListRecallActionsQuery,
  type ListRecallsQuery,
  type RecallActionDto,
  type RecallActionsPage,
  type RecallDto,
  type RecallListResponse,
  type RecallNotice,
  type RecallNoticeUpdate,
  type RecallPreview,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/**
 * How long a notice's save or edit may take: it is matched against the inventory in its
 * transaction, and a whole-model notice finds thousands of devices (an action and an audit row
 * each): work of seconds. Past the usual deadline the person would be answered 503 while the
 * notice is still being saved, and try again.
 */
export const RECALL_MATCH_DEADLINE_MS = 60_000;

/** The gateway's typed view of the equipment service's recalls; every request is signed for who asks. */
@Injectable()
export class RecallsClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'equipment service');
  }

  list(session: GatewaySession, query: ListRecallsQuery): Promise<RecallListResponse> {
    return this.request(SUBJECTS.equipment.recallsList, query, actingUserOf(session));
  }

  get(session: GatewaySession, id: string): Promise<RecallDto> {
    return this.request(SUBJECTS.equipment.recallsGet, { id }, actingUserOf(session));
  }

  actions(session: GatewaySession, id: string, query: ListRecallActionsQuery): Promise<RecallActionsPage> {
    return this.request(SUBJECTS.equipment.recallsActions, { id, query }, actingUserOf(session));
  }

  preview(session: GatewaySession, data: RecallNotice): Promise<RecallPreview> {
    return this.request(SUBJECTS.equipment.recallsPreview, { data }, actingUserOf(session));
  }

  create(session: GatewaySession, data: RecallNotice): Promise<RecallDto> {
    return this.request(
      SUBJECTS.equipment.recallsCreate,
      { data },
      actingUserOf(session),
      RECALL_MATCH_DEADLINE_MS,
    );
  }

  update(session: GatewaySession, id: string, data: RecallNoticeUpdate): Promise<RecallDto> {
    return this.request(
      SUBJECTS.equipment.recallsUpdate,
      { id, data },
      actingUserOf(session),
      RECALL_MATCH_DEADLINE_MS,
    );
  }

  closeAction(session: GatewaySession, id: string, data: CloseRecallAction): Promise<RecallActionDto> {
    return this.request(SUBJECTS.equipment.recallsCloseAction, { id, data }, actingUserOf(session));
  }

  close(session: GatewaySession, id: string, data: CloseRecall): Promise<RecallDto> {
    return this.request(SUBJECTS.equipment.recallsClose, { id, data }, actingUserOf(session));
  }

  forDevice(session: GatewaySession, id: string): Promise<DeviceRecallsResponse> {
    return this.request(SUBJECTS.equipment.recallsForDevice, { id }, actingUserOf(session));
  }
}
