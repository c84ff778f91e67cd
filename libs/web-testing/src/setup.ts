// Every component test: jest-dom's matchers, the MSW server answering the API (a request no test
// handles fails the test), and a clean page, session and device storage after each test.
import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { apiServer } from './api-server';

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterAll(() => apiServer.close());
