import {
  createRequest,
  deleteConfirmation,
  draftAfterChange,
  draftOf,
  emptyDraft,
  REQUIRED_MESSAGE,
  updateRequest,
} from './user-form';
import { userFixture } from './user.fixture';

describe('user form', () => {
  it('starts a new person as an active Technician in TSEU who may receive tasks', () => {
    expect(emptyDraft()).toMatchObject({
      role: 'Technician',
      department: 'TSEU',
      isActive: true,
      preApproved: true,
    });
  });

  it('lets "May receive tasks" follow the role until someone touches it, and keeps Managers off it', () => {
    const adding = emptyDraft();
    const engineer = draftAfterChange(adding, 'role', 'Engineer', true);
    expect(engineer.preApproved).toBe(false);
    expect(draftAfterChange(engineer, 'role', 'Technician', true).preApproved).toBe(true);
    // Touched (the form stops following), or editing someone: the role leaves it alone.
    const touched = draftAfterChange(adding, 'preApproved', false, true);
    expect(touched.preApproved).toBe(false);
    expect(draftAfterChange(touched, 'role', 'Technician', false).preApproved).toBe(false);
    expect(draftAfterChange({ ...adding, preApproved: true }, 'role', 'Engineer', false).preApproved).toBe(
      true,
    );
    // A Manager never receives tasks, whether adding or editing.
    expect(draftAfterChange(adding, 'role', 'Manager', false).preApproved).toBe(false);
    expect(draftAfterChange(adding, 'role', 'Manager', true).preApproved).toBe(false);
    // Other fields never move it.
    expect(draftAfterChange(touched, 'department', 'NICU', true).preApproved).toBe(false);
  });

  it('asks for name, service number and phone before anything else', () => {
    const check = createRequest({ ...emptyDraft(), name: 'Ama' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toBe(REQUIRED_MESSAGE);
    expect([...check.issues.keys()]).toEqual(['serviceNumber', 'phoneNumber']);
  });

  it("shows the contract's message under a field it refuses", () => {
    const check = createRequest({
      ...emptyDraft(),
      name: 'Ama Mensah',
      serviceNumber: 'BME-9',
      phoneNumber: '12',
      email: 'not-an-address',
    });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toBeNull();
    expect(check.issues.get('phoneNumber')).toBe('Phone number must have 7 to 15 digits.');
    expect(check.issues.get('email')).toBe('Email must be a valid e-mail address.');
  });

  it('sends a complete new person, with no e-mail as null', () => {
    const check = createRequest({
      ...emptyDraft(),
      name: 'Ama Mensah',
      serviceNumber: 'bme-9',
      phoneNumber: '+1 555 0100',
    });
    expect(check).toEqual({
      ok: true,
      body: {
        serviceNumber: 'bme-9',
        name: 'Ama Mensah',
        email: null,
        phoneNumber: '+1 555 0100',
        role: 'Technician',
        department: 'TSEU',
        isActive: true,
        preApproved: true,
      },
    });
  });

  it('sends only the fields an edit changed, and nothing when none did', () => {
    const user = userFixture();
    expect(updateRequest(user, draftOf(user))).toBeNull();
    expect(updateRequest(user, { ...draftOf(user), department: 'NICU', isActive: false })).toEqual({
      ok: true,
      body: { department: 'NICU', isActive: false },
    });
    expect(updateRequest(user, { ...draftOf(user), email: ' ' })).toEqual({
      ok: true,
      body: { email: null },
    });
  });

  it('keeps an edit from emptying a required field', () => {
    const user = userFixture();
    const check = updateRequest(user, { ...draftOf(user), phoneNumber: '' });
    expect(check).toMatchObject({ ok: false, message: REQUIRED_MESSAGE });
  });

  it('says what deleting does and what it keeps', () => {
    const [first, second] = deleteConfirmation('Kofi Darko');
    expect(first).toBe('This will permanently remove "Kofi Darko".');
    expect(second).toMatch(/can no longer sign in/);
    expect(second).toMatch(/tasks, certifications and audit records/);
  });
});
