import { Badge, ErrorState, formatDateTime } from '@caliber/ui-kit';
import { errorMessage, Link } from '@caliber/web';
import { useDeviceRecalls } from '../hooks/equipment-queries';

/**
 * The recalls that found a device, on its page: each notice with the device's action, open ones
 * first, and how a closed one was closed. The actions are worked on the recall's own page.
 */
export function DeviceRecalls({ equipmentId, version }: { equipmentId: string; version: number }) {
  // The device's version is not raised by a recall: its count of open recall actions re-asks.
  const recalls = useDeviceRecalls(equipmentId, version);
  const { data } = recalls;
  if (recalls.isError)
    return (
      <ErrorState
        message={errorMessage(recalls.error, 'Failed to load the device’s recalls')}
        onAction={() => void recalls.refetch()}
      />
    );
  if (!data) return null;
  if (data.recalls.length === 0)
    return <p className="recall-row__meta">No recall or safety notice has found this device.</p>;
  return (
    <ul className="recall-list" aria-label="Recalls of this device">
      {data.recalls.map(({ recall, action }) => (
        <li key={action._id} className="recall-row">
          <div className="recall-row__head">
            <Link className="recall-row__title" to={`/equipment/recalls/${encodeURIComponent(recall._id)}`}>
              {recall.title}
            </Link>
            <Badge tone={action.state === 'open' ? 'red' : 'green'}>
              {action.state === 'open' ? 'Action open' : 'Action closed'}
            </Badge>
          </div>
          <p className="recall-row__meta">
            {recall.source} {recall.sourceReference} · found {formatDateTime(action.foundAt)}
            {action.closedAt
              ? ` · closed ${action.closedWith === 'task' ? `with task ${action.taskId ?? ''}` : 'with a decision'} ${formatDateTime(action.closedAt)}`
              : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
