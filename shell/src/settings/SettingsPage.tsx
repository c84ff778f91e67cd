import {
  DEFAULT_ITEMS_PER_PAGE,
  ITEMS_PER_PAGE_OPTIONS,
  REPORT_FORMAT_NAMES,
  REPORT_FORMATS,
  roleIs,
  type MeResponse,
  type NotificationSettings,
  type ReportDefaults,
  type ReportFormat,
} from '@caliber/contracts';
import { Button, Card, SelectField, TextField, Toggle } from '@caliber/ui-kit';
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
import { useState } from 'react';
import { SaveRow } from './SaveRow';
import { useSave } from './use-save';

/** Every format the Generate Report dialog makes, so any of them can be the one it starts with. */
const FORMAT_CHOICES = REPORT_FORMATS.map((value) => ({ value, label: REPORT_FORMAT_NAMES[value] }));

export function SettingsPage() {
  return (
    <div className="page">
      <header className="page__header">
        <h1>Settings</h1>
      </header>
      <div className="settings-grid">
        <ProfileCard />
        <NotificationsCard />
        <PreferencesCard />
        <AppearanceCard />
        <ReportDefaultsCard />
        <RealTimeCard />
        <HospitalListsCard />
        <DangerZoneCard />
      </div>
    </div>
  );
}

function ProfileCard() {
  const user = useCurrentUser();
  const { replaceUser } = useSession();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const save = useSave('Failed to save profile.');
  return (
    <Card title="Profile" titleId="settings-profile">
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="name"
      />
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
      />
      <SaveRow
        state={save.state}
        onSave={() =>
          void save.run(async () => {
            const { user: saved } = await api.put<MeResponse>('/users/me', { name, email });
            replaceUser(saved);
            setName(saved.name);
            setEmail(saved.email ?? '');
          })
        }
      />
    </Card>
  );
}

function NotificationsCard() {
  const user = useCurrentUser();
  const { replaceUser } = useSession();
  const [settings, setSettings] = useState<NotificationSettings>(user.notifications);
  const save = useSave('Failed to save notification settings.');
  const set = (key: keyof NotificationSettings) => (value: boolean) =>
    setSettings({ ...settings, [key]: value });
  return (
    <Card title="Notifications" titleId="settings-notifications">
      <Toggle label="Task updates" checked={settings.taskUpdates} onChange={set('taskUpdates')} />
      <Toggle label="Inventory changes" checked={settings.inventory} onChange={set('inventory')} />
      <Toggle label="Weekly digest" checked={settings.weeklyDigest} onChange={set('weeklyDigest')} />
      <SaveRow
        state={save.state}
        onSave={() =>
          void save.run(async () => {
            const { user: saved } = await api.put<MeResponse>('/settings/notifications', settings);
            replaceUser(saved);
          })
        }
      />
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
  const save = useSave('Failed to save preferences.');
  return (
    <Card title="Preferences" titleId="settings-preferences" description="Kept on this device.">
      <SelectField<ItemsPerPage>
        label="Items per page"
        value={itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE}
        options={ITEMS_PER_PAGE_OPTIONS.map((value) => ({ value, label: String(value) }))}
        onChange={setItemsPerPage}
      />
      <Toggle label="Compact mode" checked={compactMode} onChange={setCompactMode} />
      <SaveRow
        state={save.state}
        onSave={() => void save.run(() => savePreferences({ itemsPerPage, compactMode }))}
      />
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
  const { replaceUser } = useSession();
  const [defaults, setDefaults] = useState<ReportDefaults>(user.reportDefaults);
  const save = useSave('Failed to save report defaults.');
  return (
    <Card title="Reports Defaults" titleId="settings-reports">
      <Toggle
        label="Include charts"
        checked={defaults.includeCharts}
        onChange={(includeCharts) => setDefaults({ ...defaults, includeCharts })}
      />
      <Toggle
        label="Include summary"
        checked={defaults.includeSummary}
        onChange={(includeSummary) => setDefaults({ ...defaults, includeSummary })}
      />
      <SelectField<ReportFormat>
        label="Default format"
        value={defaults.format}
        options={FORMAT_CHOICES}
        onChange={(format) => setDefaults({ ...defaults, format })}
      />
      <SaveRow
        state={save.state}
        onSave={() =>
          void save.run(async () => {
            const { user: saved } = await api.put<MeResponse>('/settings/reports', defaults);
            replaceUser(saved);
          })
        }
      />
    </Card>
  );
}

function RealTimeCard() {
  const { preferences, savePreferences } = usePreferences();
  const [liveUpdates, setLiveUpdates] = useState(preferences.liveUpdates);
  const save = useSave('Failed to save.');
  return (
    <Card title="Real-time & Security" titleId="settings-realtime">
      <Toggle
        label="Live updates"
        description="Lists refresh by themselves when colleagues change something."
        checked={liveUpdates}
        onChange={setLiveUpdates}
      />
      <SaveRow state={save.state} onSave={() => void save.run(() => savePreferences({ liveUpdates }))} />
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
