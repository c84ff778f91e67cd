import { activeChoices, departmentLabel, type Role, type UserDto } from '@caliber/contracts';
import { SelectField, TextField, Toggle } from '@caliber/ui-kit';
import { useHospitalLists, useProductName } from '@caliber/web';
import { ReceivesTasksToggle } from './ReceivesTasksToggle';
import type { DraftField, UserDraft } from '../utils/user-form';
import {
  canChangeActive,
  canChangeRole,
  roleChoices,
  roleLockReason,
  type Viewer,
} from '../utils/user-permissions';

export const SIGN_IN_HINT =
  'No password: staff sign in with their service number and a one-time code sent by SMS to this phone.';

export interface UserFieldsProps {
  draft: UserDraft;
  onChange<K extends DraftField>(field: K, value: UserDraft[K]): void;
  issues: ReadonlyMap<string, string>;
  viewer: Viewer;
  /** The person being edited; null while adding one. */
  editing: UserDto | null;
  /**
   * The modals show Active; the Add User page keeps the spec's fields. Every form asks whether
   * the person may receive tasks: without it, someone added on screen could never be assigned.
   */
  withFlags: boolean;
  idPrefix: string;
}

/**
 * The fields of a person on the roster, shared by the Add User and Edit User modals and the Add
 * User page. A control the viewer may not use is disabled with the reason as its hint (one's own
 * role and active state; an Admin's role unless the viewer is an Admin).
 */
export function UserFields({
  draft,
  onChange,
  issues,
  viewer,
  editing,
  withFlags,
  idPrefix,
}: UserFieldsProps) {
  const product = useProductName();
  const roleLocked = !canChangeRole(viewer, editing);
  const activeLocked = !canChangeActive(viewer, editing);
  const { lists } = useHospitalLists();
  // The hospital's active departments, with the one the person is in even if it is retired, and
  // whatever the draft holds meanwhile (the lists may still be loading).
  const offered = activeChoices(lists?.departments ?? [], editing?.department ?? null);
  const departments = offered.includes(draft.department) ? offered : [draft.department, ...offered];
  const text = (field: Exclude<DraftField, 'role' | 'isActive' | 'preApproved'>) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: draft[field],
    error: issues.get(field),
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <div className="users-form__grid">
      <TextField label="Full Name *" required autoComplete="off" maxLength={120} {...text('name')} />
      <TextField
        label="Service Number *"
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        placeholder="e.g. BME-1013"
        {...text('serviceNumber')}
      />
      <TextField
        label="Email"
        type="email"
        hint="Optional"
        autoComplete="off"
        maxLength={254}
        {...text('email')}
      />
      <TextField
        label="Phone *"
        type="tel"
        required
        autoComplete="off"
        placeholder="e.g. +1 555 0142"
        hint={editing ? undefined : SIGN_IN_HINT}
        {...text('phoneNumber')}
      />
      <SelectField<Role>
        id={`${idPrefix}-role`}
        name="role"
        label="Role"
        value={draft.role}
        disabled={roleLocked}
        hint={roleLockReason(viewer, editing) ?? undefined}
        error={issues.get('role')}
        onChange={(role) => onChange('role', role)}
        options={roleChoices(viewer, editing?.role ?? null).map((role) => ({ value: role, label: role }))}
      />
      <SelectField
        id={`${idPrefix}-department`}
        name="department"
        label="Department"
        value={draft.department}
        error={issues.get('department')}
        onChange={(department) => onChange('department', department)}
        options={departments.map((name) => ({ value: name, label: departmentLabel(name, product) }))}
      />
      <div className="users-form__flags">
        {withFlags ? (
          <Toggle
            label="Active"
            description={activeLocked ? 'You cannot deactivate yourself.' : 'Inactive staff cannot sign in.'}
            checked={draft.isActive}
            disabled={activeLocked}
            onChange={(isActive) => onChange('isActive', isActive)}
          />
        ) : null}
        <ReceivesTasksToggle
          role={draft.role}
          checked={draft.preApproved}
          onChange={(preApproved) => onChange('preApproved', preApproved)}
        />
      </div>
    </div>
  );
}
