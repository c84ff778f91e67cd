import { Button, Card } from '@caliber/ui-kit';
import { ScreenAttemptContext } from '@caliber/web';
import { Component, type ReactNode } from 'react';

interface Props {
  /** The screen's title, for the card that replaces it. */
  title: string;
  titleId: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** Changes on Retry, so the screen is drawn afresh (and a screen fetched lazily is fetched again). */
  attempt: number;
}

/**
 * Keeps a screen that fails (its code did not arrive, or it threw while drawing) inside its own
 * place in the layout: a card says so with Retry, and the navigation and every other screen keep
 * working. Without it one screen's failure would blank the whole application.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`The ${this.props.title} screen failed`, error);
  }

  override render() {
    if (!this.state.failed)
      return (
        <ScreenAttemptContext.Provider key={this.state.attempt} value={this.state.attempt}>
          {this.props.children}
        </ScreenAttemptContext.Provider>
      );
    return (
      <ScreenFailed
        title={this.props.title}
        titleId={this.props.titleId}
        onRetry={() => this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }))}
      />
    );
  }
}

/** A screen that could not be loaded, in its place in the layout, with Retry. */
export function ScreenFailed({
  title,
  titleId,
  onRetry,
}: {
  title: string;
  titleId: string;
  onRetry(): void;
}) {
  return (
    <Card title={`${title} could not be loaded`} titleId={titleId}>
      <p role="alert">
        This part of the application did not load. Check your connection, then try again. The rest of the
        application still works.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </Card>
  );
}
