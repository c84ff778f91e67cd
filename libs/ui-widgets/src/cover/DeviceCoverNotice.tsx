import type { Cover, DeviceCover } from '@caliber/contracts';
import { formatDate } from '@caliber/ui-kit';
import { apiQuery, equipmentKeys, errorMessage } from '@caliber/web';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { coverWords, telHref } from './cover-lines';
import './cover.css';

/** A device's cover, under the device's own key: a change of the device asks it again. */
export const coverKey = (equipmentId: string) => [...equipmentKeys.detail(equipmentId), 'cover'] as const;

export function useDeviceCover(equipmentId: string) {
  return useQuery({
    queryKey: coverKey(equipmentId),
    queryFn: apiQuery<DeviceCover>(`/equipment/${encodeURIComponent(equipmentId)}/cover`),
  });
}

function CoverItem({ cover }: { cover: Cover }) {
  const words = coverWords(cover, formatDate);
  const callName = cover.source === 'warranty' ? cover.vendorName : null;
  return (
    <li className="device-cover__item">
      <strong>{words.headline}</strong>
      {cover.phone ? (
        <>
          : call <a href={telHref(cover.phone)}>{cover.phone}</a>
        </>
      ) : callName ? (
        `: call ${callName}`
      ) : null}
      {cover.reference ? `${cover.phone || callName ? ' and' : ':'} quote contract ${cover.reference}` : null}
      .{words.terms.length ? <span className="device-cover__terms"> {words.terms.join(' ')}</span> : null}
    </li>
  );
}

/**
 * Whether a device is under warranty or a service contract today, and who to call: shown where a
 * fault is reported or a task opened on it, and on its page, so that the vendor who is paid to fix
 * it is called before the department's own hours go into it. Nothing is shown for a device with
 * no cover or while it is read; a failed read says so quietly and stands in the way of nothing.
 */
export function DeviceCoverNotice({ equipmentId }: { equipmentId: string }) {
  const cover = useDeviceCover(equipmentId);
  const headingId = useId();
  if (cover.isError)
    return (
      <p className="muted device-cover__unread">
        {errorMessage(
          cover.error,
          'Could not check whether this device is under warranty or a service contract',
        )}
      </p>
    );
  const covers = cover.data?.covers ?? [];
  if (covers.length === 0) return null;
  return (
    <section className="device-cover" aria-labelledby={headingId}>
      <h2 id={headingId} className="device-cover__title">
        Warranty and service contracts
      </h2>
      <ul className="device-cover__list">
        {covers.map((entry) => (
          <CoverItem key={`${entry.source}-${entry.reference ?? ''}-${entry.until}`} cover={entry} />
        ))}
      </ul>
    </section>
  );
}
