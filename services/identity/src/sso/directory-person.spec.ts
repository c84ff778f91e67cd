import { claimText, groupsOf, roleFromGroups } from './directory-person';

describe('the person in an ID token', () => {
  const mapping = {
    'caliber-engineers': 'Engineer',
    'caliber-technicians': 'Technician',
    'caliber-admins': 'Admin',
  } as const;

  it('reads a claim as text: strings trimmed, numbers spelled, anything else absent', () => {
    expect(claimText({ email: ' ama@hospital.example ' }, 'email')).toBe('ama@hospital.example');
    expect(claimText({ employee_id: 1042 }, 'employee_id')).toBe('1042');
    expect(claimText({ email: '' }, 'email')).toBeUndefined();
    expect(claimText({ email: ['a'] }, 'email')).toBeUndefined();
    expect(claimText({}, 'email')).toBeUndefined();
  });

  it('reads groups as a list or a single name, and nothing else', () => {
    expect(groupsOf({ groups: ['a', 2, 'b'] }, 'groups')).toEqual(['a', 'b']);
    expect(groupsOf({ groups: 'a' }, 'groups')).toEqual(['a']);
    expect(groupsOf({ _claim_names: { groups: 'src1' } }, 'groups')).toEqual([]);
  });

  it('gives the role of the mapped group with the most access, or none', () => {
    expect(roleFromGroups(['ward-clerks'], mapping)).toBeNull();
    expect(roleFromGroups([], mapping)).toBeNull();
    expect(roleFromGroups(['caliber-technicians'], mapping)).toBe('Technician');
    expect(roleFromGroups(['caliber-technicians', 'caliber-admins', 'caliber-engineers'], mapping)).toBe(
      'Admin',
    );
    expect(roleFromGroups(['/caliber-engineers'], mapping)).toBe('Engineer');
  });
});
