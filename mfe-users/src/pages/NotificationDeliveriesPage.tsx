import type { DeliveryChannel, DeliveryState } from '@caliber/contracts';
import {
  Button,
  Card,
  CountLines,
  EmptyState,
  LoadStates,
  PageHeader,
  SelectField,
  StepPager,
} from '@caliber/ui-kit';
import { errorMessage, Link, shownTimeZone, useAddressFilters, useHospitalTimeZone } from '@caliber/web';
import { useEffect } from 'react';
import { DeliveryTable } from '../components/DeliveryTable';
import { useDeliveryList } from '../hooks/delivery-queries';
import {
  DELIVERY_CHANNEL_CHOICES,
  DELIVERY_STATE_CHOICES,
  deliveryFiltersOf,
  type DeliveryListFilters,
} from '../utils/delivery-list-query';
import { pageLine } from '../utils/user-list-query';
import '../users.css';

/**
 * /users/notification-deliveries (Admins): the record of every e-mail and SMS that notifications
 * made, newest first: to whom and at which address (masked), where each stands, how many tries,
 * the mail server's or SMS gateway's last refusal, and a note of why it went as it did (held for
 * quiet hours or a limit, gathered, an urgent page sent wider because nobody was on call). The
 * State and Channel filters and the page are kept in the address.
 */
export function NotificationDeliveriesPage() {
  const { params, update } = useAddressFilters<Exclude<keyof DeliveryListFilters, 'page'>>();
  const filters = deliveryFiltersOf(params);
  const list = useDeliveryList(filters);
  const { data } = list;
  const error = list.isError ? errorMessage(list.error, 'Failed to load the delivery record.') : null;
  const reload = () => void list.refetch();
  const filtered = Boolean(filters.state || filters.channel);
  const timeZone = shownTimeZone(useHospitalTimeZone());

  // A page past the end (an old bookmark, a record since purged): show the last one.
  useEffect(() => {
    if (data && data.pages >= 1 && filters.page > data.pages) update({ page: String(data.pages) });
  }, [data, filters.page, update]);

  return (
    <div className="page users-page deliveries-page">
      <PageHeader
        title="Notification deliveries"
        description="Every e-mail and text message notifications sent, newest first: to whom, where it stands, how many tries and why."
        actions={
          <>
            <Button
              variant="secondary"
              onClick={reload}
              busy={list.isFetching && !!data}
              busyLabel="Refreshing..."
            >
              Refresh
            </Button>
            <Link to="/users">Back to User Management</Link>
          </>
        }
      />

      <div className="deliveries-filters">
        <SelectField<DeliveryState | ''>
          label="State"
          value={filters.state}
          onChange={(state) => update({ state })}
          options={DELIVERY_STATE_CHOICES}
        />
        <SelectField<DeliveryChannel | ''>
          label="Channel"
          value={filters.channel}
          onChange={(channel) => update({ channel })}
          options={DELIVERY_CHANNEL_CHOICES}
        />
      </div>

      <LoadStates data={data} error={error} onRetry={reload} loadingText="Loading deliveries…">
        {(page) => (
          <>
            <CountLines
              line={`Total: ${page.total}`}
              notes={page.rows.length > 0 ? [`Times are ${timeZone.replace(/_/g, ' ')} time.`] : []}
              updating={list.isFetching}
            />
            {page.rows.length === 0 ? (
              <Card>
                <EmptyState
                  title={filtered ? 'No deliveries match these filters.' : 'No deliveries yet.'}
                  text={
                    filtered
                      ? 'Choose All states and All channels to see the whole record.'
                      : 'E-mails and text messages that notifications send are listed here.'
                  }
                />
              </Card>
            ) : (
              <DeliveryTable rows={page.rows} timeZone={timeZone} />
            )}
            <StepPager
              page={page.page}
              pages={page.pages}
              line={pageLine(page.page, page.pages)}
              label="Delivery pages"
              onPage={(next) => update({ page: String(next) })}
            />
          </>
        )}
      </LoadStates>
    </div>
  );
}
