import { DOCUMENT_PURPOSE_RULES, documentAccept, MAX_REPORT_PHOTOS } from '@caliber/contracts';
import { Button } from '@caliber/ui-kit';
import { useEffect, useId, useMemo, useRef } from 'react';
import { fileSize } from './DocumentsPanel';
import './documents.css';

export interface PhotoPickerProps {
  photos: readonly File[];
  onChange(photos: File[]): void;
  /** Under the field: what the photos are for. */
  hint?: string;
}

/**
 * Photos chosen for a form not yet sent (a fault report): the phone's camera or its pictures,
 * shown as small previews that can be taken back, sent once the record exists. A photo larger
 * than a photo may be is named at once, not after the report is sent.
 */
export function PhotoPicker({ photos, onChange, hint }: PhotoPickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const limit = DOCUMENT_PURPOSE_RULES.photo.maxBytes;
  const previews = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const tooLarge = photos.filter((photo) => photo.size > limit);

  return (
    <div className="ck-field documents__pick">
      <label className="ck-field__label" htmlFor={inputId}>
        Photos
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        multiple
        accept={documentAccept('photo')}
        capture="environment"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          onChange([...photos, ...chosen].slice(0, MAX_REPORT_PHOTOS));
          if (input.current) input.current.value = '';
        }}
      />
      <span className="ck-field__hint">
        {hint ?? 'Optional.'} Up to {MAX_REPORT_PHOTOS} photos of {fileSize(limit)} each; their location is
        removed.
      </span>
      {tooLarge.length > 0 ? (
        <span className="documents__error" role="alert">
          {tooLarge.map((photo) => photo.name).join(', ')}: larger than {fileSize(limit)}.
        </span>
      ) : null}
      {photos.length > 0 ? (
        <ul className="documents__list" aria-label="Photos chosen">
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${index}`} className="documents__item">
              <span className="documents__thumb">
                <img src={previews[index]} alt={photo.name} width={56} height={56} />
              </span>
              <span className="documents__facts">
                <span className="documents__name">{photo.name}</span>
                <span className="documents__muted">{fileSize(photo.size)}</span>
              </span>
              <Button
                variant="ghost"
                aria-label={`Take back ${photo.name}`}
                onClick={() => onChange(photos.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
