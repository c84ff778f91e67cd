import { SUBJECTS, type DocumentTarget, type Role } from '@caliber/contracts';
import { ENGINEERS, STAFF, type Callers } from '../api/operation';
import { serviceLabelOf } from '../api/operation-routes';

/** Technicians, Engineers and Admins: those who add a device's documents (Managers read them). */
const DEVICE_WRITERS: readonly Role[] = ['Technician', 'Engineer', 'Admin'];

/**
 * A record that keeps documents, as the API shows it: its path, the service that keeps its files
 * and the subjects it answers on, who may read and who may add (the outer line; the service
 * decides for each record).
 */
export interface DocumentHost {
  /** `/api/<path>/{id}/documents`. */
  path: string;
  target: DocumentTarget;
  /** For operation ids: `listEquipmentDocuments`. */
  name: string;
  /** In words: "a device". */
  noun: string;
  tag: string;
  readers: Callers;
  writers: Callers;
  /** What may be attached, for the description. */
  purposes: string;
  subjects: { list: string; attach: string; open: string; remove: string };
}

/** What the service that keeps a host's files is called in a 503: "equipment service". */
export function hostServiceLabel(host: DocumentHost): string {
  return serviceLabelOf(host.subjects.list);
}

const EQUIPMENT_SUBJECTS = {
  list: SUBJECTS.equipment.documentsList,
  attach: SUBJECTS.equipment.documentsAttach,
  open: SUBJECTS.equipment.documentsOpen,
  remove: SUBJECTS.equipment.documentsRemove,
};
const MAINTENANCE_SUBJECTS = {
  list: SUBJECTS.maintenance.documentsList,
  attach: SUBJECTS.maintenance.documentsAttach,
  open: SUBJECTS.maintenance.documentsOpen,
  remove: SUBJECTS.maintenance.documentsRemove,
};

export const DOCUMENT_HOSTS: readonly DocumentHost[] = [
  {
    path: 'equipment',
    target: 'device',
    name: 'Equipment',
    noun: 'a device',
    tag: 'Equipment',
    readers: 'signed-in',
    writers: DEVICE_WRITERS,
    purposes:
      "`report` (a service report), `certificate`, `photo` on the device itself; `manual` on its model, shown on every device of the same manufacturer and model. The list holds the device's documents and its model's manuals.",
    subjects: EQUIPMENT_SUBJECTS,
  },
  {
    path: 'recalls',
    target: 'recall',
    name: 'Recall',
    noun: 'a recall',
    tag: 'Recalls',
    readers: STAFF,
    writers: ENGINEERS,
    purposes: "`notice`: the manufacturer's or authority's notice.",
    subjects: EQUIPMENT_SUBJECTS,
  },
  {
    path: 'tasks',
    target: 'task',
    name: 'Task',
    noun: 'a task',
    tag: 'Tasks',
    readers: 'signed-in',
    writers: 'signed-in',
    purposes:
      "`photo` (of the fault, or of the work), `report` (a vendor's service report). The reporter of a fault adds photos to it; Managers only read.",
    subjects: MAINTENANCE_SUBJECTS,
  },
  {
    path: 'safety-tests',
    target: 'safety-test',
    name: 'SafetyTest',
    noun: 'a safety test',
    tag: 'Electrical safety',
    readers: STAFF,
    writers: ENGINEERS,
    purposes: "`printout`: the analyser's printout of the test.",
    subjects: MAINTENANCE_SUBJECTS,
  },
];
