import { lazyScreen } from '@caliber/web';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ComponentType } from 'react';
import { ScreenBoundary } from './ScreenBoundary';

function ImportScreen() {
  return <h1>Import Inventory</h1>;
}

function shown(Screen: ComponentType) {
  render(
    <>
      <nav aria-label="Main">Dashboard</nav>
      <ScreenBoundary title="Import Inventory" titleId="screen-error-import">
        <Suspense fallback={<p>Loading Import Inventory…</p>}>
          <Screen />
        </Suspense>
      </ScreenBoundary>
    </>,
  );
}

describe('A screen that fails stays in its place', () => {
  // React and the boundary report the failure on the console; the test reads the screen instead.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('says a screen whose code did not arrive could not be loaded, and Retry fetches it again', async () => {
    let fetches = 0;
    const Lazy = lazyScreen(async () => {
      fetches += 1;
      if (fetches === 1) throw new Error('Loading chunk 289 failed.');
      return ImportScreen;
    });
    shown(Lazy);
    expect(screen.getByText('Loading Import Inventory…')).toBeTruthy();
    expect(await screen.findByText('Import Inventory could not be loaded')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The rest of the application still works.');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Import Inventory' })).toBeTruthy();
    expect(fetches).toBe(2);
  });

  it('keeps a screen that throws while drawing from blanking the application', async () => {
    let throws = true;
    function Broken() {
      if (throws) throw new Error('Cannot read properties of undefined');
      return <h1>Import Inventory</h1>;
    }
    shown(Broken);
    expect(screen.getByText('Import Inventory could not be loaded')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    throws = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { name: 'Import Inventory' })).toBeTruthy();
  });
});
