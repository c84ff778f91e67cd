import { Button, Card, LoadingState } from '@caliber/ui-kit';
import { SCREENS, type RemoteScreensModule, type ScreenId } from '@caliber/web';
import { useEffect, useState } from 'react';
import { loadRemoteScreens, loadedScreens } from './load-remote';

type LoadState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; module: RemoteScreensModule };

/**
 * A screen delivered by a remote. While the remote loads, a spinner shows inside the layout; when
 * it cannot be loaded, an error with Retry shows there and the rest of the app keeps working.
 */
export function RemoteScreen({ screen }: { screen: ScreenId }) {
  const info = SCREENS[screen];
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const module = loadedScreens(info.remote);
    return module ? { kind: 'ready', module } : { kind: 'loading' };
  });

  useEffect(() => {
    let current = true;
    loadRemoteScreens(info.remote, attempt > 0)
      .then((module) => current && setState({ kind: 'ready', module }))
      .catch((error: unknown) => {
        console.error(`Loading the ${info.remote} module failed`, error);
        if (current) setState({ kind: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [info.remote, attempt]);

  if (state.kind === 'loading') return <LoadingState text={`Loading ${info.title}…`} />;
  if (state.kind === 'failed') {
    return (
      <Card title={`${info.title} could not be loaded`} titleId={`remote-error-${screen}`}>
        <p role="alert">
          This part of the application did not load. Check your connection, then try again. The rest of the
          application still works.
        </p>
        <Button
          onClick={() => {
            setState({ kind: 'loading' });
            setAttempt((count) => count + 1);
          }}
        >
          Retry
        </Button>
      </Card>
    );
  }
  const Screen = state.module.screens[screen];
  if (!Screen) {
    return (
      <Card title={info.title} titleId={`remote-missing-${screen}`}>
        <p>This screen is not part of this version of the application yet.</p>
      </Card>
    );
  }
  return <Screen />;
}
