import type { Cover, DeviceCover } from '@caliber/contracts';
import { formatDate, telHref } from '@caliber/ui-kit';
import { apiQuery, equipmentKeys, errorMessage } from '@caliber/web';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { coverWords } from './cover-lines';
import './cover.css';

/** A device's cover, under the device's own key: a change of the device asks it again. */
export const coverKey = (equipmentId: string) => [...equipmentKeys.detail(equipmentId), 'cover'] as const;

export function useDeviceCover(equipmentId: string) {
  return useQuery({
    queryKey: coverKey(equipmentId),
    queryFn: apiQuery<DeviceCover>(`/equipment/${encodeURIComponent(equipmentId)}/cover`),
  });
}

/**
 * One cover as a sentence: "Under warranty until 12 Mar 2027: call Philips on 0800 123 456." (a
 * warranty names its manufacturer), "Under a full service contract with … until …: call <phone>
 * and quote contract PH-14." (the headline names the vendor), its e-mail and its terms after.
 */
function CoverItem({ cover }: { cover: Cover }) {
  const words = coverWords(cover, formatDate);
  const maker = cover.source === 'warranty' ? cover.vendorName : null;
  const phone = cover.phone ? <a href={telHref(cover.phone)}>{cover.phone}</a> : null;
  return (
    <li className="device-cover__item">
      <strong>{words.headline}</strong>
      {maker && phone ? (
        <>
          : call {maker} on {phone}
        </>
      ) : phone ? (
        <>: call {phone}</>
      ) : maker ? (
        `: call ${maker}`
      ) : null}
      {cover.reference ? `${maker || phone ? ' and' : ':'} quote contract ${cover.reference}` : null}.
      {cover.email ? (
        <>
          {' '}
          E-mail <a href={`mailto:${cover.email}`}>{cover.email}</a>.
        </>
      ) : null}
      {words.terms.length ? <span className="device-cover__terms"> {words.terms.join(' ')}</span> : null}
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
        {covers.map((entry, at) => (
          // Two vendors may use one contract number: the place in the list tells them apart.
          <CoverItem key={`${at}-${entry.source}-${entry.reference ?? ''}`} cover={entry} />
        ))}
      </ul>
    </section>
  );
}
