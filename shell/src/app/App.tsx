import type { AppConfig } from '@caliber/contracts';
import {
  AccountThemeSync,
  AppConfigProvider,
  LiveEventsProvider,
  PreferencesProvider,
  SessionProvider,
  ThemeProvider,
} from '@caliber/web';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';

export function App({ config }: { config: AppConfig }) {
  return (
    <AppConfigProvider config={config}>
      <ThemeProvider>
        <PreferencesProvider>
          <SessionProvider>
            <AccountThemeSync />
            <LiveEventsProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </LiveEventsProvider>
          </SessionProvider>
        </PreferencesProvider>
      </ThemeProvider>
    </AppConfigProvider>
  );
}
