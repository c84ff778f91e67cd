import type { ReactNode } from 'react';

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
