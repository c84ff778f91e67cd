import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type ActingUser,
  type Actor,
  type AssigneeDto,
  type ChangeFeedPage,
  type DeviceRiskChange,
  type ListEntryChange,
  type EquipmentStatus,
  type TaskEffect,
  type TaskEffectResult,
  type TaskEquipmentRef,
  type VendorRefsAnswer,
} from '@caliber/contracts';
import { actingUserOfActor, DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { PEERS_CHANNEL } from '../tokens';

/** Maintenance's calls to the equipment service, signed by maintenance for the person acting. */
@Injectable()
export class EquipmentPeer extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'equipment service');
  }

  ref(actor: Actor, id: string): Promise<TaskEquipmentRef & { status: EquipmentStatus }> {
    return this.request(SUBJECTS.equipment.ref, { id }, actingUserOfActor(actor));
  }

  /** The live devices whose serial number is one of `serialNumbers` (any case; up to 1,000). */
  bySerials(
    actor: Actor,
    serialNumbers: readonly string[],
  ): Promise<(TaskEquipmentRef & { status: EquipmentStatus })[]> {
    return this.request(SUBJECTS.equipment.bySerials, { serialNumbers }, actingUserOfActor(actor));
  }

  applyTaskEffect(user: ActingUser, effect: TaskEffect): Promise<TaskEffectResult> {
    return this.request(SUBJECTS.equipment.applyTaskEffect, effect, user);
  }

  /** A page of the devices' risk flags changed after `after` (the service asks for itself). */
  riskChanges(after: string): Promise<ChangeFeedPage<DeviceRiskChange>> {
    return this.request(SUBJECTS.equipment.riskChanges, { after });
  }

  /** The vendors a task's charges name (at most 20), with their names and whether retired. */
  vendorRefs(actor: Actor, ids: readonly string[]): Promise<VendorRefsAnswer> {
    return this.request(SUBJECTS.equipment.vendorRefs, { ids }, actingUserOfActor(actor));
  }

  /** A page of the hospital list entries changed after `after` (the service asks for itself). */
  listChanges(after: string): Promise<ChangeFeedPage<ListEntryChange>> {
    return this.request(SUBJECTS.equipment.listChanges, { after });
  }
}

/** Maintenance's calls to identity: whether a person may receive tasks. */
@Injectable()
export class IdentityPeer extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'staff roster service');
  }

  assignee(actor: Actor, id: string): Promise<AssigneeDto> {
    return this.request(SUBJECTS.identity.assignee, { id }, actingUserOfActor(actor));
  }

  /**
   * The assignment columns for `id` (nobody when null), as identity knows the person now: active,
   * approved to receive tasks, and not a Manager; refused otherwise.
   */
  async assignmentOf(
    actor: Actor,
    id: string | null,
  ): Promise<{ assignedToId: string | null; assignedToName: string | null }> {
    if (!id) return { assignedToId: null, assignedToName: null };
    const person = await this.assignee(actor, id);
    return { assignedToId: person._id, assignedToName: person.name };
  }
}
