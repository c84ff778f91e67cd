import type { AppConfig } from '@caliber/contracts';
import {
  AccountThemeSync,
  AppConfigProvider,
  BrowserRouter,
  LiveEventsProvider,
  PreferencesProvider,
  SessionProvider,
  ThemeProvider,
} from '@caliber/web';
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
