import type { ReactNode } from 'react';
import { Button } from './Button';
import { LoadingState, Spinner } from './Spinner';

export type BadgeTone = 'green' | 'red' | 'grey' | 'purple' | 'yellow' | 'blue' | 'teal';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`ck-badge ck-badge--${tone}`}>{children}</span>;
}

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** The heading's id, so the card can be a labelled region. */
  titleId?: string;
}

export function Card({ title, description, actions, children, className, titleId }: CardProps) {
  return (
    <section
      className={['ck-card', className].filter(Boolean).join(' ')}
      aria-labelledby={title && titleId ? titleId : undefined}
    >
      {title || actions ? (
        <header className="ck-card__header">
          <div>
            {title ? (
              <h2 className="ck-card__title" id={titleId}>
                {title}
              </h2>
            ) : null}
            {description ? <p className="ck-card__description">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="ck-empty">
      <p className="ck-empty__title">
        <strong>{title}</strong>
      </p>
      {text ? <p>{text}</p> : null}
      {action}
    </div>
  );
}

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  /** The line under the title; nothing is drawn when it is empty. */
  description?: ReactNode;
  /** Buttons and links at the header's end (a Back link, the page's main actions); they wrap under the title on a phone. */
  actions?: ReactNode;
  /** Extra classes on the title's block, on the description and on the actions' row, for a page's own layout. */
  titleClassName?: string;
  descriptionClassName?: string;
  actionsClassName?: string;
}

/** The header every screen starts with: the h1, the line that says what the page is for, and its actions. */
export function PageHeader({
  title,
  description,
  actions,
  titleClassName,
  descriptionClassName,
  actionsClassName,
}: PageHeaderProps) {
  return (
    <header className="page__header">
      <div className={titleClassName}>
        <h1>{title}</h1>
        {description ? (
          <p className={['page__subtitle', descriptionClassName].filter(Boolean).join(' ')}>{description}</p>
        ) : null}
      </div>
      {actions ? (
        <div className={['page__actions', actionsClassName].filter(Boolean).join(' ')}>{actions}</div>
      ) : null}
    </header>
  );
}

/**
 * What failed, in the red error box, with the one thing to do about it as a link-style button
 * (Retry a load that failed, or Dismiss a message). Draws nothing while there is no message.
 */
export function ErrorState({
  message,
  onAction,
  action = 'Retry',
}: {
  message: ReactNode;
  onAction(): void;
  action?: string;
}) {
  if (!message) return null;
  return (
    <ErrorBox>
      {message}{' '}
      <Button variant="link" onClick={onAction}>
        {action}
      </Button>
    </ErrorBox>
  );
}

/**
 * What a screen or a section shows of data it loads: the failure with Retry (above the answer
 * loaded before, which stays on screen), the spinner with `loadingText` until the first answer,
 * then `children` with the data (which say themselves when it is empty).
 */
export function LoadStates<T>({
  data,
  error,
  onRetry,
  loadingText,
  children,
}: {
  data: T | null | undefined;
  error: string | null | undefined;
  onRetry(): void;
  loadingText: string;
  children(data: T): ReactNode;
}) {
  return (
    <>
      <ErrorState message={error} onAction={onRetry} />
      {data !== null && data !== undefined ? (
        children(data)
      ) : error ? null : (
        <LoadingState text={loadingText} />
      )}
    </>
  );
}

/**
 * The lines above a list that say how many it holds (`line`, in bold) and what is shown (`notes`),
 * announced as they change, with a small spinner while a new page or filter is loading.
 */
export function CountLines({
  line,
  notes = [],
  updating = false,
}: {
  line: ReactNode;
  notes?: readonly ReactNode[];
  updating?: boolean;
}) {
  return (
    <div className="ck-count-lines" aria-live="polite">
      <p className="ck-count-lines__line">{line}</p>
      {notes.map((note, index) => (
        <p key={index} className="muted">
          {note}
        </p>
      ))}
      {updating ? <Spinner size="small" label="Updating" /> : null}
    </div>
  );
}

/**
 * Facts as a definition list, each term beside its value (`stacked`: above it). Terms name their
 * rows, so they are unique within a list.
 */
export function FactList({
  facts,
  stacked = false,
  className,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  stacked?: boolean;
  className?: string;
}) {
  return (
    <dl className={['ck-facts', stacked && 'ck-facts--stacked', className].filter(Boolean).join(' ')}>
      {facts.map(([term, value]) => (
        <div key={term} className="ck-facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A red error box. `prefix` is the 'Error:' that sign-in and registration put before a message. */
export function ErrorBox({ children, prefix }: { children: ReactNode; prefix?: string }) {
  return (
    <div className="ck-error-box" role="alert">
      {prefix ? <strong>{prefix} </strong> : null}
      {children}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="ck-notice" role="status">
      {children}
    </div>
  );
}

/** The first letter of a name, for avatars. */
export function initialOf(name: string | null | undefined): string {
  const letter = (name ?? '').trim().charAt(0);
  return letter ? letter.toUpperCase() : '?';
}

export function Avatar({ name }: { name: string }) {
  return (
    <span className="ck-avatar" aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
