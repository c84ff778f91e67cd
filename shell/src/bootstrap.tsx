import '@caliber/ui-kit';
import { applyTheme, configureApi, initialTheme, loadAppConfig } from '@caliber/web';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerRemoteEntries } from './remotes/load-remote';
import './shell.css';

async function start() {
  applyTheme(initialTheme());
  const config = await loadAppConfig();
  configureApi({ baseUrl: config.apiBaseUrl });
  registerRemoteEntries(config.remotes);
  document.title = `${config.productName} CMMS`;
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
}

void start();
