import type { TaskDto } from '@caliber/contracts';

/** A task as the API answers it, for the unit tests of the helpers that read one. */
export function task(changes: Partial<TaskDto> = {}): TaskDto {
  return {
    _id: 'task-1',
    title: 'Replace the battery',
    description: 'The battery no longer holds a charge.',
    taskType: 'Repair',
    pmType: null,
    pmInterval: null,
    priority: 'High',
    assignedTo: { _id: 'tech-1', name: 'Kofi Darko' },
    equipment: {
      _id: 'eq-1',
      name: 'Evita V500',
      serialNumber: 'EV-1',
      department: 'ICU',
      category: 'Ventilator',
    },
    dueDate: '2025-01-31',
    status: 'In Progress',
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-02T08:00:00.000Z',
    createdBy: null,
    updatedBy: null,
    completedDate: null,
    needsCertification: false,
    certified: false,
    certificationEngineer: null,
    certifiedBy: null,
    certifiedAt: null,
    faultDescription: null,
    repairDetails: null,
    comments: null,
    spareParts: [],
    labourHours: null,
    location: null,
    reportedBy: null,
    severity: null,
    version: 3,
    ...changes,
  };
}
