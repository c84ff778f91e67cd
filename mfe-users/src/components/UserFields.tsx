import { activeChoices, departmentLabel, type Role, type UserDto } from '@caliber/contracts';
import { Toggle } from '@caliber/ui-kit';
import { useHospitalLists, useProductName } from '@caliber/web';
import { FormSelectField, FormTextField, type ContractForm } from '@caliber/web-forms';
import { useRef } from 'react';
import { ReceivesTasksToggle } from './ReceivesTasksToggle';
import { draftAfterChange, type UserDraft } from '../utils/user-form';
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
  form: ContractForm<UserDraft>;
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
 * role and active state; an Admin's role unless the viewer is an Admin). While adding, "May receive
 * tasks" follows the role until someone touches it.
 */
export function UserFields({ form, viewer, editing, withFlags, idPrefix }: UserFieldsProps) {
  const product = useProductName();
  const roleLocked = !canChangeRole(viewer, editing);
  const activeLocked = !canChangeActive(viewer, editing);
  const { lists } = useHospitalLists();
  const preApprovedTouched = useRef(false);
  const [role, department, isActive, preApproved] = form.watch([
    'role',
    'department',
    'isActive',
    'preApproved',
  ]);
  // The hospital's active departments, with the one the person is in even if it is retired, and
  // whatever the form holds meanwhile (the lists may still be loading).
  const offered = activeChoices(lists?.departments ?? [], editing?.department ?? null);
  const departments = offered.includes(department) ? offered : [department, ...offered];
  const set = (field: 'isActive' | 'preApproved', value: boolean) =>
    form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const text = (field: 'name' | 'serviceNumber' | 'email' | 'phoneNumber') => ({
    form,
    id: `${idPrefix}-${field}`,
    name: field,
  });
  return (
    <div className="users-form__grid">
      <FormTextField label="Full Name *" required autoComplete="off" maxLength={120} {...text('name')} />
      <FormTextField
        label="Service Number *"
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        placeholder="e.g. BME-1013"
        {...text('serviceNumber')}
      />
      <FormTextField
        label="Email"
        type="email"
        hint="Optional"
        autoComplete="off"
        maxLength={254}
        {...text('email')}
      />
      <FormTextField
        label="Phone *"
        type="tel"
        required
        autoComplete="off"
        placeholder="e.g. +1 555 0142"
        hint={editing ? undefined : SIGN_IN_HINT}
        {...text('phoneNumber')}
      />
      <FormSelectField<UserDraft, Role>
        form={form}
        name="role"
        id={`${idPrefix}-role`}
        label="Role"
        disabled={roleLocked}
        hint={roleLockReason(viewer, editing) ?? undefined}
        onChosen={(chosen) => {
          const next = draftAfterChange(
            { ...form.getValues(), role },
            'role',
            chosen,
            !editing && !preApprovedTouched.current,
          );
          if (next.preApproved !== preApproved) set('preApproved', next.preApproved);
        }}
        options={roleChoices(viewer, editing?.role ?? null).map((choice) => ({
          value: choice,
          label: choice,
        }))}
      />
      <FormSelectField<UserDraft, string>
        form={form}
        name="department"
        id={`${idPrefix}-department`}
        label="Department"
        options={departments.map((name) => ({ value: name, label: departmentLabel(name, product) }))}
      />
      <div className="users-form__flags">
        {withFlags ? (
          <Toggle
            label="Active"
            description={activeLocked ? 'You cannot deactivate yourself.' : 'Inactive staff cannot sign in.'}
            checked={isActive}
            disabled={activeLocked}
            onChange={(checked) => set('isActive', checked)}
          />
        ) : null}
        <ReceivesTasksToggle
          role={role}
          checked={preApproved}
          onChange={(checked) => {
            preApprovedTouched.current = true;
            set('preApproved', checked);
          }}
        />
      </div>
    </div>
  );
}
