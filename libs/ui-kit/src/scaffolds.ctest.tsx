import { fireEvent, render, screen } from '@testing-library/react';
import { CountLines, ErrorState, FactList, LoadStates, PageHeader } from './display';
import { FieldFrame } from './fields';
import { Modal, ModalFormButtons } from './Modal';
import { StepPager } from './Pager';

describe('PageHeader', () => {
  it("is the page's one h1 with its description and actions", () => {
    render(
      <PageHeader
        title="Task Management"
        description="Every maintenance task."
        descriptionClassName="intro"
        actions={<button type="button">Assign Task</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Task Management' })).toBeTruthy();
    const description = screen.getByText('Every maintenance task.');
    expect(description.className).toBe('page__subtitle intro');
    expect(screen.getByRole('button', { name: 'Assign Task' }).parentElement?.className).toBe(
      'page__actions',
    );
  });

  it('draws no empty description or actions row', () => {
    const { container } = render(<PageHeader title="Report" description={null} />);
    expect(container.querySelector('.page__subtitle')).toBeNull();
    expect(container.querySelector('.page__actions')).toBeNull();
  });
});

describe('ErrorState', () => {
  it('says what failed, in an alert, with its action', () => {
    const retry = jest.fn();
    render(<ErrorState message="Failed to load tasks" onAction={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Failed to load tasks Retry');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('names another action (Dismiss) when told', () => {
    render(<ErrorState message="Failed to export" action="Dismiss" onAction={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('draws nothing without a message', () => {
    const { container } = render(<ErrorState message={null} onAction={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('LoadStates', () => {
  const view = (data: { names: string[] } | null, error: string | null, onRetry = () => undefined) =>
    render(
      <LoadStates data={data} error={error} onRetry={onRetry} loadingText="Loading tasks…">
        {(loaded) => <p>{loaded.names.join(', ')}</p>}
      </LoadStates>,
    );

  it('shows the loading text until the first answer', () => {
    view(null, null);
    expect(screen.getByRole('status').textContent).toBe('Loading tasks…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure with Retry, and no spinner, when the first load failed', () => {
    const retry = jest.fn();
    view(null, 'Failed to load tasks', retry);
    expect(screen.queryByText('Loading tasks…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the data loaded before under a later failure', () => {
    view({ names: ['Pump', 'Monitor'] }, 'Failed to load tasks');
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText('Pump, Monitor')).toBeTruthy();
  });
});

describe('CountLines', () => {
  it('announces the count and what is shown, with Updating while a page loads', () => {
    const { container, rerender } = render(
      <CountLines line="3 task(s) found" notes={['Showing 1-3 of 3 total']} updating />,
    );
    expect(container.firstElementChild?.getAttribute('aria-live')).toBe('polite');
    expect(container.querySelector('.ck-count-lines__line')?.textContent).toBe('3 task(s) found');
    expect(screen.getByRole('status', { name: 'Updating' })).toBeTruthy();
    rerender(<CountLines line="3 task(s) found" notes={['Showing 1-3 of 3 total']} />);
    expect(screen.queryByRole('status', { name: 'Updating' })).toBeNull();
  });
});

describe('FactList', () => {
  it('is a definition list, each term with its value', () => {
    const { container } = render(
      <FactList
        stacked
        className="extra"
        facts={[
          ['Type', 'Repair'],
          ['Due', <em key="due">today</em>],
        ]}
      />,
    );
    const list = container.querySelector('dl');
    expect(list?.className).toBe('ck-facts ck-facts--stacked extra');
    expect([...container.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Type', 'Due']);
    expect([...container.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      'Repair',
      'today',
    ]);
  });
});

describe('Modal', () => {
  it('is medium unless a size is asked for', () => {
    const { rerender } = render(
      <Modal title="Details" open onClose={() => undefined}>
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Details' }).className).toBe('ck-modal ck-modal--medium');
    rerender(
      <Modal title="Details" open size="large" onClose={() => undefined}>
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Details' }).className).toBe('ck-modal ck-modal--large');
  });

  it('submits its form from the footer, and Cancel waits while it is sent', () => {
    const cancel = jest.fn();
    const submit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    const dialog = (busy: boolean) => (
      <Modal
        title="Assign New Task"
        open
        onClose={cancel}
        footer={
          <ModalFormButtons
            form="assign"
            submitLabel="Assign Task"
            busyLabel="Assigning..."
            busy={busy}
            onCancel={cancel}
          />
        }
      >
        <form id="assign" onSubmit={submit} />
      </Modal>
    );
    const { rerender } = render(dialog(false));
    fireEvent.click(screen.getByRole('button', { name: 'Assign Task' }));
    expect(submit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    rerender(dialog(true));
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Assigning...' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('FieldFrame', () => {
  it("ties the label, hint and error to a control of the caller's own", () => {
    render(
      <FieldFrame
        label="Equipment"
        hint="Type to search"
        error="Equipment is required."
        control={(control) => <input {...control} role="combobox" />}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Equipment' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Type to search', 'Equipment is required.']);
  });
});

describe('StepPager', () => {
  it('steps a page at a time, names itself and announces its line', () => {
    const onPage = jest.fn();
    render(<StepPager page={1} pages={3} line="Page 1 / 3" label="User pages" onPage={onPage} />);
    const pager = screen.getByRole('navigation', { name: 'User pages' });
    expect(screen.getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Page 1 / 3').getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(pager.className).toContain('ck-step-pager--center');
  });

  it('cannot step past the last page', () => {
    render(
      <StepPager
        page={3}
        pages={3}
        line="Page 3 of 3"
        label="Panel pages"
        align="spread"
        onPage={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', false);
  });
});
