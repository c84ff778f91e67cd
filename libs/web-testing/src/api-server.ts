import { setupServer } from 'msw/node';

/** The API as component tests see it: at `API_ORIGIN`/api, answered by each test's MSW handlers. */
export const API_ORIGIN = 'http://localhost';
export const API_BASE = `${API_ORIGIN}/api`;

export const apiServer = setupServer();

/** The address of an API path, for an MSW handler: `api('/users')`. */
export function api(path: string): string {
  return `${API_BASE}${path}`;
}
