import {
  canAssign,
  canCertify,
  canChangeStatus,
  canRecordWork,
  canViewNotes,
  certificationTag,
  followsOnly,
  hasWorkRecord,
  listScope,
  reportedByViewer,
} from './task-permissions';
import { task } from './task.fixture';

const technician = { _id: 'tech-1', role: 'Technician' };
const otherTechnician = { _id: 'tech-2', role: 'technician' };
const engineer = { _id: 'eng-1', role: 'engineer' };
const admin = { _id: 'adm-1', role: 'Admin' };
const manager = { _id: 'man-1', role: 'Manager' };

describe('who may do what with a task', () => {
  it('lets the assignee and Engineers/Admins (any casing) change the status', () => {
    expect(canChangeStatus(technician, task())).toBe(true);
    expect(canChangeStatus(otherTechnician, task())).toBe(false);
    expect(canChangeStatus(engineer, task())).toBe(true);
    expect(canChangeStatus(admin, task({ assignedTo: null }))).toBe(true);
    expect(canChangeStatus(manager, task())).toBe(false);
    expect(canChangeStatus(manager, task({ assignedTo: { _id: 'man-1', name: 'Yaw Asante' } }))).toBe(false);
  });

  it("leaves a reporter's card read-only until the fault is assigned to them", () => {
    const reporter = { _id: 'tech-1', name: 'Kofi Darko' };
    const reported = task({ reportedBy: reporter, assignedTo: { _id: 'tech-2', name: 'Abena Addo' } });
    expect(reportedByViewer(technician, reported)).toBe(true);
    expect(followsOnly(technician, reported)).toBe(true);
    expect(canChangeStatus(technician, reported)).toBe(false);
    expect(canRecordWork(technician, reported)).toBe(false);
    expect(followsOnly(technician, task({ reportedBy: reporter, assignedTo: null }))).toBe(true);
    // Assigned to the reporter: theirs to work.
    const own = task({ reportedBy: reporter });
    expect(followsOnly(technician, own)).toBe(false);
    expect(canChangeStatus(technician, own)).toBe(true);
    // An Engineer who reported a fault sees the marker but works every task anyway.
    expect(reportedByViewer(engineer, task({ reportedBy: { _id: 'eng-1', name: 'Kwame' } }))).toBe(true);
    expect(followsOnly(engineer, task({ reportedBy: { _id: 'eng-1', name: 'Kwame' } }))).toBe(false);
    expect(reportedByViewer(otherTechnician, reported)).toBe(false);
  });

  it('lets Engineers and Admins (re)assign until the work is certified', () => {
    expect(canAssign(engineer, task({ assignedTo: null }))).toBe(true);
    expect(canAssign(admin, task())).toBe(true);
    expect(canAssign(engineer, task({ status: 'Completed', certified: true }))).toBe(false);
    expect(canAssign(technician, task())).toBe(false);
    expect(canAssign(manager, task())).toBe(false);
  });

  it('asks for a Technician’s own tasks; full access also filters by technician', () => {
    expect(listScope('Technician')).toEqual({ ownOnly: true, technicianFilter: false });
    expect(listScope('engineer')).toEqual({ ownOnly: false, technicianFilter: true });
    expect(listScope('Admin')).toEqual({ ownOnly: false, technicianFilter: true });
    expect(listScope('Manager')).toEqual({ ownOnly: false, technicianFilter: false });
  });

  it('lets work be recorded on uncertified tasks only: own for a technician, any for full access', () => {
    expect(canRecordWork(technician, task())).toBe(true);
    expect(canRecordWork(technician, task({ certified: true }))).toBe(false);
    expect(canRecordWork(otherTechnician, task())).toBe(false);
    expect(canRecordWork(engineer, task({ assignedTo: null }))).toBe(true);
    expect(canRecordWork(engineer, task({ certified: true }))).toBe(false);
    expect(canRecordWork(technician, task({ status: 'Cancelled' }))).toBe(false);
  });

  it('lets Engineers and Admins certify what awaits certification and read the notes', () => {
    const waiting = task({ status: 'Completed', needsCertification: true });
    expect(canCertify(engineer, waiting)).toBe(true);
    expect(canCertify(admin, waiting)).toBe(true);
    expect(canCertify(technician, waiting)).toBe(false);
    expect(canCertify(engineer, task())).toBe(false);
    expect(canViewNotes(engineer)).toBe(true);
    expect(canViewNotes(technician)).toBe(false);
  });
});

describe('the card tag and the work record', () => {
  it('says Awaiting Certification, Certified by {name}, or nothing', () => {
    expect(certificationTag(task({ status: 'Completed', needsCertification: true }))).toBe(
      'Awaiting Certification',
    );
    expect(
      certificationTag(
        task({ status: 'Completed', certified: true, certificationEngineer: 'Kwame Boateng' }),
      ),
    ).toBe('Certified by Kwame Boateng');
    expect(certificationTag(task({ status: 'Completed', certified: true }))).toBe('Certified');
    expect(certificationTag(task({ status: 'In Progress', certified: true }))).toBeNull();
    expect(certificationTag(task())).toBeNull();
  });

  it('knows whether any work was recorded', () => {
    expect(hasWorkRecord(task())).toBe(false);
    expect(hasWorkRecord(task({ repairDetails: 'Replaced' }))).toBe(true);
    expect(hasWorkRecord(task({ labourHours: 0 }))).toBe(true);
    expect(
      hasWorkRecord(
        task({
          spareParts: [
            {
              name: 'Fuse',
              quantity: 1,
              description: '',
              unitCost: null,
              supplierId: null,
              supplierName: null,
            },
          ],
        }),
      ),
    ).toBe(true);
  });
});
