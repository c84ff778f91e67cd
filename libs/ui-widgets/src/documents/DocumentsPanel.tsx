import {
  DOCUMENT_PURPOSE_LABELS,
  documentAccept,
  documentRuleText,
  type DocumentDto,
  type DocumentPurpose,
} from '@caliber/contracts';
import { Button, ErrorBox, formatDateTime, Modal, SelectField, StepPager, useToast } from '@caliber/ui-kit';
import { documentPath, errorMessage, saveDocument, useApiImage } from '@caliber/web';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useAttachDocuments, useDocuments, useRemoveDocument } from './document-queries';
import './documents.css';

export interface DocumentsPanelProps {
  /** The record's API path (`documentRecordPath`). */
  recordPath: string;
  /** What may be added here, in the order offered; none: the person only reads. */
  purposes: readonly DocumentPurpose[];
  /** Whether the person may remove this document (who added it, an Engineer or an Admin). */
  canRemove(document: DocumentDto): boolean;
  /** Said when there is nothing yet. */
  emptyText: string;
  /** A line under the list naming what a document here is for (a model's manuals are shared). */
  note?: ReactNode;
  /** The label of the panel's region and of its upload button's target: "Documents". */
  label?: string;
}

/** "1.4 MB", "820 kB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

const isPicture = (document: DocumentDto) => document.hasThumbnail;

/**
 * A record's documents and photos: pictures as thumbnails that open full size, other files as
 * downloads under their safe name; who added each and when; and, for those who may, an upload
 * (the phone's camera for a photo) and a removal that asks first. Pages of 20.
 */
export function DocumentsPanel({
  recordPath,
  purposes,
  canRemove,
  emptyText,
  note,
  label = 'Documents',
}: DocumentsPanelProps) {
  const [page, setPage] = useState(1);
  const documents = useDocuments(recordPath, page);
  const [viewing, setViewing] = useState<DocumentDto | null>(null);
  const [removing, setRemoving] = useState<DocumentDto | null>(null);
  const remove = useRemoveDocument(recordPath);
  const toast = useToast();
  const items = documents.data?.items ?? [];
  const pages = documents.data?.pages ?? 1;

  return (
    <section className="documents" aria-label={label}>
      {documents.isError ? (
        <ErrorBox>{errorMessage(documents.error, 'The documents could not be loaded.')}</ErrorBox>
      ) : null}
      {documents.isPending ? <p className="documents__muted">Loading documents…</p> : null}
      {documents.isSuccess && items.length === 0 ? <p className="documents__muted">{emptyText}</p> : null}
      {items.length > 0 ? (
        <ul className="documents__list">
          {items.map((document) => (
            <li key={document._id} className="documents__item">
              {isPicture(document) ? (
                <button
                  type="button"
                  className="documents__thumb"
                  onClick={() => setViewing(document)}
                  aria-label={`View ${document.fileName}`}
                >
                  <Thumbnail
                    path={documentPath(recordPath, document._id, 'thumbnail')}
                    name={document.fileName}
                  />
                </button>
              ) : (
                <span className="documents__icon" aria-hidden="true">
                  {document.fileName.split('.').pop()?.toUpperCase() ?? 'FILE'}
                </span>
              )}
              <div className="documents__facts">
                <span className="documents__name">{document.fileName}</span>
                <span className="documents__muted">
                  {DOCUMENT_PURPOSE_LABELS[document.purpose]} · {fileSize(document.bytes)} ·{' '}
                  {document.addedByName} · {formatDateTime(document.addedAt)}
                </span>
              </div>
              <div className="documents__actions">
                <Button
                  variant="secondary"
                  onClick={() =>
                    void saveDocument(recordPath, document).catch((error: unknown) =>
                      toast.error(errorMessage(error, 'The file could not be downloaded.')),
                    )
                  }
                >
                  Download
                </Button>
                {canRemove(document) ? (
                  <Button
                    variant="ghost"
                    onClick={() => setRemoving(document)}
                    aria-label={`Remove ${document.fileName}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <StepPager
          page={page}
          pages={pages}
          onPage={setPage}
          line={`Page ${page} / ${pages}`}
          label={`${label} pages`}
        />
      ) : null}
      {note ? <p className="documents__muted">{note}</p> : null}
      {purposes.length > 0 ? (
        <DocumentUpload recordPath={recordPath} purposes={purposes} label={label} />
      ) : null}
      <Modal
        title={viewing?.fileName ?? ''}
        open={viewing !== null}
        onClose={() => setViewing(null)}
        size="wide"
      >
        {viewing ? (
          <FullPicture path={documentPath(recordPath, viewing._id)} name={viewing.fileName} />
        ) : null}
      </Modal>
      <Modal
        title="Remove this document?"
        open={removing !== null}
        onClose={() => setRemoving(null)}
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              busyLabel="Removing..."
              onClick={() => {
                if (!removing) return;
                remove.mutate(removing._id, {
                  onSuccess: () => {
                    toast.success('Document removed.');
                    setRemoving(null);
                  },
                  onError: (error) => toast.error(errorMessage(error, 'The document could not be removed.')),
                });
              }}
            >
              Remove
            </Button>
          </>
        }
      >
        <p>
          {removing?.fileName} will be removed from this record. The audit trail keeps who added and removed
          it.
        </p>
      </Modal>
    </section>
  );
}

function Thumbnail({ path, name }: { path: string; name: string }) {
  const image = useApiImage(path);
  if (image.url) return <img src={image.url} alt={name} width={96} height={96} />;
  return <span className="documents__muted">{image.failed ? 'No preview' : '…'}</span>;
}

function FullPicture({ path, name }: { path: string; name: string }) {
  const image = useApiImage(path);
  if (image.url) return <img className="documents__full" src={image.url} alt={name} />;
  return (
    <p className="documents__muted">
      {image.failed ? 'The photo could not be loaded.' : 'Loading the photo…'}
    </p>
  );
}

/** The upload: what the file is for (when there is a choice), the file or the camera, and Add. */
function DocumentUpload({
  recordPath,
  purposes,
  label,
}: {
  recordPath: string;
  purposes: readonly DocumentPurpose[];
  label: string;
}) {
  const [purpose, setPurpose] = useState<DocumentPurpose>(purposes[0] ?? 'photo');
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const attach = useAttachDocuments(recordPath);
  const toast = useToast();
  const photo = purpose === 'photo';

  return (
    <form
      className="documents__upload"
      aria-label={`Add to ${label.toLowerCase()}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (files.length === 0) return;
        attach.mutate(
          { files, purpose },
          {
            onSuccess: (kept) => {
              toast.success(kept.length === 1 ? 'File added.' : `${kept.length} files added.`);
              setFiles([]);
              if (input.current) input.current.value = '';
            },
          },
        );
      }}
    >
      {attach.isError ? (
        <ErrorBox>{errorMessage(attach.error, 'The file could not be added.')}</ErrorBox>
      ) : null}
      {purposes.length > 1 ? (
        <SelectField<DocumentPurpose>
          label="Kind of file"
          value={purpose}
          onChange={(value) => setPurpose(value)}
          options={purposes.map((value) => ({ value, label: DOCUMENT_PURPOSE_LABELS[value] }))}
        />
      ) : null}
      <div className="ck-field documents__pick">
        <label className="ck-field__label" htmlFor={inputId}>
          {photo ? 'Photos' : 'File'}
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          multiple={photo}
          accept={documentAccept(purpose)}
          capture={photo ? 'environment' : undefined}
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
        />
        <span className="ck-field__hint">{documentRuleText(purpose)}</span>
      </div>
      <Button type="submit" disabled={files.length === 0} busy={attach.isPending} busyLabel="Uploading...">
        {photo ? 'Add photos' : 'Add file'}
      </Button>
    </form>
  );
}
