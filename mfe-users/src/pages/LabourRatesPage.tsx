import {
  calendarDateIn,
  hasFullAccess,
  RATED_ROLES,
  roleIs,
  type CostSettings,
  type LabourRate,
  type LabourRatePage,
  type Role,
} from '@caliber/contracts';
import {
  Badge,
  Button,
  Card,
  CountLines,
  EmptyState,
  ErrorBox,
  FactList,
  formatDate,
  formatMoney,
  LoadStates,
  Notice,
  PageHeader,
  SelectField,
  StepPager,
  useToast,
} from '@caliber/ui-kit';
import {
  errorMessage,
  Link,
  shownTimeZone,
  useAddressFilters,
  useCurrentUser,
  useHospitalTimeZone,
} from '@caliber/web';
import { FormSelectField, FormTextField, useContractForm } from '@caliber/web-forms';
import { useEffect, useMemo, useState } from 'react';
import { WithdrawRateDialog } from '../components/WithdrawRateDialog';
import {
  useAddLabourRate,
  useCostSettings,
  useLabourRates,
  useSetCurrency,
} from '../hooks/labour-rate-queries';
import {
  currencyChoices,
  currencyDraftSchema,
  currencyName,
  dayBefore,
  EMPTY_RATE_DRAFT,
  labourRateFiltersOf,
  mayWithdraw,
  RATE_ROLE_CHOICES,
  RATE_RULE,
  rateBodyOf,
  rateDraftSchema,
  type CurrencyDraft,
  type LabourRateFilters,
  type RateDraft,
} from '../utils/labour-rate-form';
import { pageLine } from '../utils/user-list-query';
import '../users.css';

/** "GH₵185.00 an hour" in the hospital currency. */
export function rateLine(rate: Pick<LabourRate, 'hourlyRate'>, currency: string | null): string {
  return `${formatMoney(rate.hourlyRate, currency)} an hour`;
}

/**
 * /users/labour-rates (Engineers, Managers and Admins): what an hour of work costs the hospital, by
 * role. The hospital currency, each role's rate in force today and every rate with the days it
 * applies; Admins set the currency, add rates and withdraw a rate that has not started, everyone
 * else reads. The role shown and the page are kept in the address. "Today" is the hospital's date,
 * the one the service judges a rate's start by.
 */
export function LabourRatesPage() {
  const viewer = useCurrentUser();
  const admin = roleIs(viewer.role, 'Admin');
  const { params, update } = useAddressFilters<'role'>();
  const filters = labourRateFiltersOf(params);
  const settings = useCostSettings();
  const rates = useLabourRates(filters);
  const { data } = rates;
  const timeZone = shownTimeZone(useHospitalTimeZone());
  const today = calendarDateIn(timeZone);
  const currency = settings.data?.currency ?? data?.currency ?? null;
  const error = rates.isError ? errorMessage(rates.error, 'Failed to load the labour rates.') : null;

  // A page past the end (an old bookmark, a rate since withdrawn): show the last one.
  useEffect(() => {
    if (data && data.pages >= 1 && filters.page > data.pages) update({ page: String(data.pages) });
  }, [data, filters.page, update]);

  return (
    <div className="page users-page rates-page">
      <PageHeader
        title="Labour rates"
        description="What an hour of work costs the hospital, by role (pay, on-costs and overheads): a task’s hours are priced at the rate in force on the day the work was done."
        actions={hasFullAccess(viewer.role) ? <Link to="/users">Back to User Management</Link> : null}
      />
      <CurrencyCard
        settings={settings.data}
        error={settings.isError ? errorMessage(settings.error, 'Failed to load the currency.') : null}
        onRetry={() => void settings.refetch()}
        admin={admin}
      />
      <LoadStates
        data={data}
        error={error}
        onRetry={() => void rates.refetch()}
        loadingText="Loading the rates…"
      >
        {(page) => (
          <>
            <InForceCard rates={page.inForce} currency={currency} />
            {admin ? <AddRateForm currency={currency} /> : null}
            <RateList
              page={page}
              currency={currency}
              filters={filters}
              today={today}
              timeZone={timeZone}
              admin={admin}
              updating={rates.isFetching}
              onRole={(role) => update({ role })}
              onPage={(next) => update({ page: String(next) })}
            />
          </>
        )}
      </LoadStates>
    </div>
  );
}

/** The currency's line: "GHS – Ghanaian Cedi", or that none is set. */
function currencyLine(code: string | null): string {
  return code ? `${code} – ${currencyName(code)}` : 'Not set yet';
}

function CurrencyCard({
  settings,
  error,
  onRetry,
  admin,
}: {
  settings: CostSettings | undefined;
  error: string | null;
  onRetry(): void;
  admin: boolean;
}) {
  return (
    <Card
      title="Currency"
      description="Every amount of the hospital is in this one currency: labour rates, part costs and acquisition costs."
    >
      <LoadStates data={settings} error={error} onRetry={onRetry} loadingText="Loading the currency…">
        {({ currency }) => (
          <>
            <FactList facts={[['Hospital currency', currencyLine(currency)]]} />
            {admin ? (
              <CurrencyForm current={currency} />
            ) : currency ? null : (
              <p className="rates-note">An Admin sets it before the first rate is added.</p>
            )}
          </>
        )}
      </LoadStates>
    </Card>
  );
}

/** The Admin's choice of the currency; the one already set is not sent again (each change is audited). */
function CurrencyForm({ current }: { current: string | null }) {
  const setCurrency = useSetCurrency();
  const toast = useToast();
  const choices = useMemo(() => currencyChoices(), []);
  const form = useContractForm<CurrencyDraft>({
    schema: currencyDraftSchema,
    defaultValues: { currency: current ?? '' },
  });
  const submit = form.submitWith(async ({ currency }) => {
    if (currency === current) {
      form.setError('currency', { type: 'unchanged', message: `The currency is ${currency} already.` });
      return;
    }
    const saved = await setCurrency.mutateAsync(currency);
    form.reset({ currency: saved.currency ?? '' });
    toast.success(`The hospital currency is ${saved.currency ?? currency}.`);
  }, 'Failed to set the currency.');
  return (
    <form className="rates-currency-form" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <FormSelectField<CurrencyDraft, string>
        form={form}
        name="currency"
        label="Currency"
        options={[{ value: '', label: 'Choose a currency' }, ...choices]}
      />
      <p className="rates-warning">
        {current
          ? 'Changing it converts nothing: every amount already recorded is read in the new currency. Change it only to correct a mistake.'
          : 'Set it before the first rate. Amounts are never converted: changing it later would read every amount already recorded in the new currency.'}
      </p>
      <div className="rates-form__actions">
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Saving...">
          {current ? 'Change currency' : 'Set currency'}
        </Button>
      </div>
    </form>
  );
}

function InForceCard({ rates, currency }: { rates: readonly LabourRate[]; currency: string | null }) {
  return (
    <Card title="In force today" description="The rate each role’s hours done today are priced at.">
      <FactList
        stacked
        facts={RATED_ROLES.map((role) => {
          const rate = rates.find((each) => each.role === role);
          return [
            role,
            rate ? `${rateLine(rate, currency)}, from ${formatDate(rate.from)}` : 'No rate in force',
          ] as const;
        })}
      />
    </Card>
  );
}

function AddRateForm({ currency }: { currency: string | null }) {
  const add = useAddLabourRate();
  const toast = useToast();
  const form = useContractForm<RateDraft>({ schema: rateDraftSchema, defaultValues: EMPTY_RATE_DRAFT });
  const disabled = !currency;
  const submit = form.submitWith(async (draft) => {
    const rate = await add.mutateAsync(rateBodyOf(draft));
    form.reset(EMPTY_RATE_DRAFT);
    toast.success(`${rate.role}: ${rateLine(rate, currency)} from ${formatDate(rate.from)} added.`);
  }, 'Failed to add the rate.');
  return (
    <Card title="Add a rate">
      {disabled ? <Notice>Set the hospital currency first: every rate is in it.</Notice> : null}
      <form className="rates-form" onSubmit={(event) => void submit(event)} noValidate>
        {form.formError ? (
          <div className="rates-form__error">
            <ErrorBox>{form.formError}</ErrorBox>
          </div>
        ) : null}
        <FormSelectField<RateDraft, Role | ''>
          form={form}
          name="role"
          label="Role"
          disabled={disabled}
          options={[{ value: '', label: 'Choose a role' }, ...RATE_ROLE_CHOICES]}
        />
        <FormTextField
          form={form}
          name="hourlyRate"
          label="Hourly rate"
          hint={currency ? `In ${currency}` : undefined}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
        />
        <FormTextField form={form} name="from" label="From" type="date" disabled={disabled} />
        <div className="rates-form__actions">
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Adding..." disabled={disabled}>
            Add rate
          </Button>
        </div>
      </form>
      <p className="rates-note">{RATE_RULE}</p>
    </Card>
  );
}

function RateList({
  page,
  currency,
  filters,
  today,
  timeZone,
  admin,
  updating,
  onRole,
  onPage,
}: {
  page: LabourRatePage;
  currency: string | null;
  filters: LabourRateFilters;
  today: string;
  timeZone: string;
  admin: boolean;
  updating: boolean;
  onRole(role: Role | ''): void;
  onPage(page: number): void;
}) {
  const [withdrawing, setWithdrawing] = useState<LabourRate | null>(null);
  const toast = useToast();
  return (
    <Card title={`All rates (${page.total})`}>
      <div className="rates-filter">
        <SelectField<Role | ''>
          label="Show the rates of"
          value={filters.role}
          onChange={onRole}
          options={[{ value: '', label: 'Every role' }, ...RATE_ROLE_CHOICES]}
        />
      </div>
      {page.rows.length === 0 ? (
        <EmptyState
          title={filters.role ? `No ${filters.role} rates yet.` : 'No rates yet.'}
          text={admin ? 'Add one above.' : 'An Admin adds them.'}
        />
      ) : (
        <>
          <CountLines
            line={`Total: ${page.total}`}
            notes={['Until is a rate’s last day: the day before the role’s next rate starts.']}
            updating={updating}
          />
          <RateTable
            rows={page.rows}
            currency={currency}
            today={today}
            timeZone={timeZone}
            onWithdraw={admin ? setWithdrawing : null}
          />
        </>
      )}
      {page.pages > 1 ? (
        <StepPager
          page={page.page}
          pages={page.pages}
          line={pageLine(page.page, page.pages)}
          label="Rate pages"
          onPage={onPage}
        />
      ) : null}
      {withdrawing ? (
        <WithdrawRateDialog
          rate={withdrawing}
          currency={currency}
          onClose={() => setWithdrawing(null)}
          onWithdrawn={(rate) => {
            setWithdrawing(null);
            toast.success(`The ${rate.role} rate from ${formatDate(rate.from)} was withdrawn.`);
          }}
        />
      ) : null}
    </Card>
  );
}

/** The name a rate's row and its Withdraw button carry: "Engineer, from Jan 1, 2027". */
export function rateName(rate: Pick<LabourRate, 'role' | 'from'>): string {
  return `${rate.role}, from ${formatDate(rate.from)}`;
}

/**
 * The rates as a table on wide screens, a card per rate on a phone (each cell carries its column's
 * name). Withdraw only on a rate that has not started, for the Admin (`onWithdraw`). The day a
 * rate was added is the hospital's (`timeZone`), as its dates are.
 */
function RateTable({
  rows,
  currency,
  today,
  timeZone,
  onWithdraw,
}: {
  rows: readonly LabourRate[];
  currency: string | null;
  today: string;
  timeZone: string;
  onWithdraw: ((rate: LabourRate) => void) | null;
}) {
  const added = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone });
  return (
    <div className="ck-table-frame">
      <table className="ck-table ck-table--records rates-table">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Hourly rate</th>
            <th scope="col">From</th>
            <th scope="col">Until</th>
            <th scope="col">Added by</th>
            {onWithdraw ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((rate) => {
            const upcoming = mayWithdraw(rate, today);
            return (
              <tr key={rate.id} aria-label={rateName(rate)}>
                <td data-label="Role">
                  <strong>{rate.role}</strong>
                </td>
                <td data-label="Hourly rate" className="rates-table__amount">
                  {formatMoney(rate.hourlyRate, currency)}
                </td>
                <td data-label="From">
                  <span className="rates-table__from">
                    {formatDate(rate.from)}
                    {upcoming ? <Badge tone="blue">Not started</Badge> : null}
                  </span>
                </td>
                <td data-label="Until">
                  {rate.until ? formatDate(dayBefore(rate.until)) : <span className="muted">Latest</span>}
                </td>
                <td data-label="Added by">
                  {rate.addedByLabel}
                  <span className="muted rates-table__small"> on {added.format(new Date(rate.addedAt))}</span>
                </td>
                {onWithdraw ? (
                  <td className="ck-table__actions">
                    {upcoming ? (
                      <Button
                        variant="danger"
                        size="small"
                        aria-label={`Withdraw ${rateName(rate)}`}
                        onClick={() => onWithdraw(rate)}
                      >
                        Withdraw
                      </Button>
                    ) : (
                      <span className="muted">Started</span>
                    )}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
