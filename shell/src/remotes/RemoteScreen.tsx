import { Card, LoadingState } from '@caliber/ui-kit';
import { SCREENS, type RemoteScreensModule, type ScreenId } from '@caliber/web';
import { Suspense, useEffect, useState } from 'react';
import { loadRemoteScreens, loadedScreens } from './load-remote';
import { ScreenBoundary, ScreenFailed } from './ScreenBoundary';

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
      <ScreenFailed
        title={info.title}
        titleId={`remote-error-${screen}`}
        onRetry={() => {
          setState({ kind: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
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
  // A screen fetched when first shown (`lazyScreen`) shows the same loading line meanwhile; a
  // screen that fails to arrive or to draw stays inside its place with Retry.
  return (
    <ScreenBoundary title={info.title} titleId={`screen-error-${screen}`}>
      <Suspense fallback={<LoadingState text={`Loading ${info.title}…`} />}>
        <Screen />
      </Suspense>
    </ScreenBoundary>
  );
}
