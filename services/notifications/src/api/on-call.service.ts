import { Inject, Injectable } from '@nestjs/common';
import {
  ListIndex,
  listValueRefusal,
  MAX_ON_CALL_DAYS_AHEAD,
  SUBJECTS,
  type Actor,
  type AddOnCallShift,
  type DepartmentCover,
  type DepartmentCoverQuery,
  type HospitalListsDto,
  type OnCallShift,
  type SetCoveringEngineers,
} from '@caliber/contracts';
import { DomainServiceClient, ServiceError, type ServiceChannel } from '@caliber/service-kit';
import { PeersClient } from '../feeds/peers.client';
import { OnCallRepository, type NamedEngineer } from '../store/on-call.repository';
import { PEERS_CHANNEL } from '../tokens';

/** The hospital's department list (equipment), for the department a rota is kept for. */
@Injectable()
export class DepartmentsClient extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'hospital lists');
  }

  lists(actor: Actor): Promise<HospitalListsDto> {
    return this.request(
      SUBJECTS.equipment.lists,
      {},
      {
        id: actor._id,
        role: actor.role,
        name: actor.name,
        serviceNumber: actor.serviceNumber,
      },
    );
  }
}

/** Who may be named to cover a department: an active Engineer or Admin of the roster. */
const COVERING_ROLES: ReadonlySet<string> = new Set(['Engineer', 'Admin']);

/**
 * Keeps who covers which department. A department must be one of the hospital's (its current
 * name is stored, as tasks carry it); every engineer named is asked of identity and must be an
 * active Engineer or Admin, and is stored with their name then, for display.
 */
@Injectable()
export class OnCallService {
  constructor(
    private readonly repository: OnCallRepository,
    private readonly peers: PeersClient,
    private readonly departments: DepartmentsClient,
  ) {}

  async cover(actor: Actor, query: DepartmentCoverQuery): Promise<DepartmentCover> {
    const department = await this.department(actor, query.department, false);
    return this.repository.cover({ ...query, department }, new Date());
  }

  async setCovering(actor: Actor, command: SetCoveringEngineers): Promise<DepartmentCover> {
    const department = await this.department(actor, command.department, true);
    const engineers = await this.engineers(command.engineerIds, 'engineerIds');
    await this.repository.setCovering(actor, department, engineers);
    return this.repository.cover({ department, page: 1, limit: 50 }, new Date());
  }

  async addShift(actor: Actor, command: AddOnCallShift): Promise<OnCallShift> {
    const now = new Date();
    if (command.to.getTime() <= now.getTime())
      throw ServiceError.validation([
        { path: 'to', message: 'The shift has ended already: To must be in the future.' },
      ]);
    if (command.from.getTime() > now.getTime() + MAX_ON_CALL_DAYS_AHEAD * 86_400_000)
      throw ServiceError.validation([
        { path: 'from', message: `A shift may start at most ${MAX_ON_CALL_DAYS_AHEAD} days ahead.` },
      ]);
    const department = await this.department(actor, command.department, true);
    const [engineer] = await this.engineers([command.engineerId], 'engineerId');
    if (!engineer) throw new ServiceError('NOT_FOUND', 'No such engineer.');
    return this.repository.addShift(actor, { department, engineer, from: command.from, to: command.to }, now);
  }

  removeShift(actor: Actor, id: string): Promise<void> {
    return this.repository.removeShift(actor, id);
  }

  /** The department's current name; a retired one is refused for a change, read as it is. */
  private async department(actor: Actor, name: string, change: boolean): Promise<string> {
    const lists = await this.departments.lists(actor);
    const entry = new ListIndex(lists.departments).find('department', name);
    const refusal = listValueRefusal('department', name, entry, change ? null : (entry?.name ?? null));
    if (refusal || !entry) throw ServiceError.validation([{ path: 'department', message: refusal ?? '' }]);
    return entry.name;
  }

  private async engineers(ids: readonly string[], path: string): Promise<NamedEngineer[]> {
    if (!ids.length) return [];
    const found = new Map((await this.peers.peopleByIds(ids)).map((person) => [person.id, person]));
    return ids.map((id) => {
      const person = found.get(id);
      if (!person || !COVERING_ROLES.has(person.role))
        throw ServiceError.validation([
          { path, message: `${id} is not an active Engineer or Admin: only they may cover a department.` },
        ]);
      return { id, name: person.name };
    });
  }
}
