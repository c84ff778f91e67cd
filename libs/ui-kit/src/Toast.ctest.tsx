import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast, TOAST_SUCCESS_MS } from './Toast';

function Saver() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('User created successfully!')}>Save</button>
      <button onClick={() => toast.error('Failed to export the roster.')}>Export</button>
    </>
  );
}

describe('the toast', () => {
  afterEach(() => jest.useRealTimers());

  it('says a success politely, as a status inside a polite live region, and hides it after 4 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    // The live region is on the page before the message, so a screen reader announces it.
    const region = document.querySelector('[aria-live="polite"]');
    expect(region).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('User created successfully!');
    expect(region).toContainElement(screen.getByRole('status'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(TOAST_SUCCESS_MS - 100));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a failure as an alert, and a newer message replaces the one shown', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to export the roster.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('needs its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Saver />)).toThrow('useToast needs ToastProvider');
  });
});
