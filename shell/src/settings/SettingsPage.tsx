import {
  DEFAULT_ITEMS_PER_PAGE,
  ITEMS_PER_PAGE_OPTIONS,
  notificationSettingsSchema,
  REPORT_FORMAT_NAMES,
  REPORT_FORMATS,
  isStaff,
  reportDefaultsSchema,
  roleIs,
  type MeResponse,
  type NotificationSettings,
  type ReportDefaults,
  type ReportFormat,
} from '@caliber/contracts';
import { Button, Card, PageHeader, SelectField, Toggle } from '@caliber/ui-kit';
import {
  api,
  Link,
  clearLocalPreferences,
  saveAccountTheme,
  useCurrentUser,
  usePreferences,
  useSession,
  useTheme,
  type ItemsPerPage,
} from '@caliber/web';
import { FormSelectField, type ContractForm } from '@caliber/web-forms';
import { useId, useState } from 'react';
import type { FieldValues, Path, PathValue } from 'react-hook-form';
import { ProfileCard } from './ProfileCard';
import { SignInPolicyCard } from './SignInPolicyCard';
import { SaveRow } from './SaveRow';
import { useAccountForm } from './use-account-form';
import { useSave } from './use-save';

/** Every format the Generate Report dialog makes, so any of them can be the one it starts with. */
const FORMAT_CHOICES = REPORT_FORMATS.map((value) => ({ value, label: REPORT_FORMAT_NAMES[value] }));

/**
 * /settings: the person's own profile, notifications, preferences and appearance. Report
 * defaults and the hospital lists are the department staff's (clinical staff ask for no report and
 * read no list), so clinical staff do not see them.
 */
export function SettingsPage() {
  const user = useCurrentUser();
  const staff = isStaff(user?.role);
  return (
    <div className="page">
      <PageHeader title="Settings" />
      <div className="settings-grid">
        <ProfileCard />
        <NotificationsCard />
        <PreferencesCard />
        <AppearanceCard />
        {staff ? <ReportDefaultsCard /> : null}
        <RealTimeCard />
        {staff ? <HospitalListsCard /> : null}
        {roleIs(user.role, 'Admin') ? <SignInPolicyCard /> : null}
        <DangerZoneCard />
      </div>
    </div>
  );
}

/** A switch bound to one of a form's true-or-false fields. */
function FormToggle<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: ContractForm<T>;
  name: Path<T>;
  label: string;
}) {
  const checked = Boolean(form.watch(name));
  return (
    <Toggle
      label={label}
      checked={checked}
      onChange={(on) => form.setValue(name, on as PathValue<T, Path<T>>, { shouldDirty: true })}
    />
  );
}

function NotificationsCard() {
  const user = useCurrentUser();
  const formId = useId();
  const { form, submit, state } = useAccountForm<NotificationSettings>(
    notificationSettingsSchema,
    user.notifications,
    (values) => api.put<MeResponse>('/settings/notifications', values),
    'Failed to save notification settings.',
  );
  return (
    <Card title="Notifications" titleId="settings-notifications">
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <FormToggle form={form} name="taskUpdates" label="Task updates" />
        <FormToggle form={form} name="inventory" label="Inventory changes" />
        <FormToggle form={form} name="weeklyDigest" label="Weekly digest" />
      </form>
      <SaveRow state={state} form={formId} />
    </Card>
  );
}

/**
 * Items per page shows 8 until the person picks a size; only a picked size is stored, so until
 * then each list keeps its own size (the inventory's 9).
 */
function PreferencesCard() {
  const { preferences, savePreferences } = usePreferences();
  const [itemsPerPage, setItemsPerPage] = useState<ItemsPerPage | null>(preferences.itemsPerPage);
  const [compactMode, setCompactMode] = useState(preferences.compactMode);
  const saving = useSave(savePreferences, 'Failed to save preferences.');
  return (
    <Card title="Preferences" titleId="settings-preferences" description="Kept on this device.">
      <SelectField<ItemsPerPage>
        label="Items per page"
        value={itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE}
        options={ITEMS_PER_PAGE_OPTIONS.map((value) => ({ value, label: String(value) }))}
        onChange={setItemsPerPage}
      />
      <Toggle label="Compact mode" checked={compactMode} onChange={setCompactMode} />
      <SaveRow state={saving.state} onSave={() => saving.send({ itemsPerPage, compactMode })} />
    </Card>
  );
}

/**
 * Dark Mode applies at once on this device and is saved to the account, so the next device the
 * person signs in on opens in the same theme.
 */
function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  const { replaceUser } = useSession();
  const [failed, setFailed] = useState(false);
  return (
    <Card title="Appearance" titleId="settings-appearance">
      <Toggle
        label="Dark Mode"
        description="Your preference is saved to this device and follows your account."
        checked={theme === 'dark'}
        onChange={(dark) => {
          const next = dark ? 'dark' : 'light';
          setTheme(next);
          setFailed(false);
          saveAccountTheme(next).then(replaceUser, () => setFailed(true));
        }}
      />
      {failed ? (
        <p className="ck-field__error" role="alert">
          Saved on this device only: your account could not be reached. Try again later.
        </p>
      ) : null}
    </Card>
  );
}

function ReportDefaultsCard() {
  const user = useCurrentUser();
  const formId = useId();
  const { form, submit, state } = useAccountForm<ReportDefaults>(
    reportDefaultsSchema,
    user.reportDefaults,
    (values) => api.put<MeResponse>('/settings/reports', values),
    'Failed to save report defaults.',
  );
  return (
    <Card title="Reports Defaults" titleId="settings-reports">
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <FormToggle form={form} name="includeCharts" label="Include charts" />
        <FormToggle form={form} name="includeSummary" label="Include summary" />
        <FormSelectField<ReportDefaults, ReportFormat>
          form={form}
          name="format"
          label="Default format"
          options={FORMAT_CHOICES}
        />
      </form>
      <SaveRow state={state} form={formId} />
    </Card>
  );
}

function RealTimeCard() {
  const { preferences, savePreferences } = usePreferences();
  const [liveUpdates, setLiveUpdates] = useState(preferences.liveUpdates);
  const saving = useSave(savePreferences, 'Failed to save.');
  return (
    <Card title="Real-time & Security" titleId="settings-realtime">
      <Toggle
        label="Live updates"
        description="Lists refresh by themselves when colleagues change something."
        checked={liveUpdates}
        onChange={setLiveUpdates}
      />
      <SaveRow state={saving.state} onSave={() => saving.send({ liveUpdates })} />
    </Card>
  );
}

/** Where the hospital's own lists are kept: Admins change them, everyone may look. */
function HospitalListsCard() {
  const user = useCurrentUser();
  const admin = roleIs(user?.role, 'Admin');
  return (
    <Card title="Hospital lists" titleId="settings-lists" className="settings-lists-card">
      <p className="muted">
        The departments (with their wards) and equipment categories that forms, filters, imports and reports
        offer.
      </p>
      <Link className="ck-button ck-button--secondary" to="/settings/lists">
        {admin ? 'Manage lists' : 'View lists'}
      </Link>
    </Card>
  );
}

function DangerZoneCard() {
  return (
    <Card title="Danger Zone" titleId="settings-danger" className="danger-card">
      <p className="muted">
        Theme, items per page, compact mode and live updates go back to their defaults on this device; your
        account forgets its theme.
      </p>
      <Button
        variant="danger"
        onClick={() => {
          if (!window.confirm('Reset all my preferences to defaults?')) return;
          // The account's theme goes too, or the next session check would bring it back.
          void saveAccountTheme(null)
            .catch(() => undefined)
            .finally(() => {
              clearLocalPreferences();
              window.location.reload();
            });
        }}
      >
        Reset Preferences
      </Button>
    </Card>
  );
}
