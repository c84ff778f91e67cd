import {
  createRequest,
  deleteConfirmation,
  draftOf,
  emptyDraft,
  REQUIRED_MESSAGE,
  updateRequest,
} from './user-form';
import { userFixture } from './user.fixture';

describe('user form', () => {
  it('starts a new person as an active Technician in TSEU, not pre-approved', () => {
    expect(emptyDraft()).toMatchObject({
      role: 'Technician',
      department: 'TSEU',
      isActive: true,
      preApproved: false,
    });
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
        preApproved: false,
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
