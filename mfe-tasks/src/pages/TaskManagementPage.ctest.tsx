import type { ApiErrorBody, AssigneeListResponse, TaskDto, TaskListResponse } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { TaskManagementPage } from './TaskManagementPage';

const engineer = viewer('Engineer');
const technician = viewer('Technician', { _id: 'tech-1' });

/** `GET /tasks` as maintenance answers it: eight a page. */
function page(tasks: TaskDto[], pageNumber = 1, total = tasks.length): TaskListResponse {
  return {
    tasks,
    total,
    more: false,
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / 8)),
    limit: 8,
    counts: { total, pending: 0, inProgress: total, completed: 0 },
  };
}

const tasks = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    task({ _id: `t${from + index}`, title: `Task ${from + index}`, version: 1 }),
  );

const people: AssigneeListResponse = {
  technicians: [{ _id: 'tech-1', name: 'Kofi Darko', role: 'Technician', serviceNumber: 'BME-1005' }],
};

/** The assignee lists an Engineer's page asks for. */
const assignees = () => http.get(api('/users/preapproved/technicians'), () => HttpResponse.json(people));

describe('Task Management', () => {
  it('shows loading, then a page of tasks with its count lines', async () => {
    apiServer.use(
      assignees(),
      http.get(api('/tasks'), () => HttpResponse.json(page(tasks(1, 8), 1, 10))),
    );
    await renderScreen(<TaskManagementPage />, { user: engineer, path: '/tasks' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading tasks…');
    expect(await screen.findByRole('article', { name: 'Task 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(screen.getByText('10 task(s) found')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-8 of 10 total')).toBeInTheDocument();
  });

  it('says so when no task matches', async () => {
    apiServer.use(
      assignees(),
      http.get(api('/tasks'), () => HttpResponse.json(page([]))),
    );
    await renderScreen(<TaskManagementPage />, { user: engineer, path: '/tasks?q=nothing' });
    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.getByText('0 task(s) found matching "nothing"')).toBeInTheDocument();
  });

  it('says "more than" for a search with too many matches to count, and gives no breakdown by status', async () => {
    apiServer.use(
      assignees(),
      http.get(api('/tasks'), () =>
        HttpResponse.json({ ...page(tasks(1, 8), 1, 1000), more: true, pages: 126, counts: null }),
      ),
    );
    await renderScreen(<TaskManagementPage />, { user: engineer, path: '/tasks?q=battery' });
    expect(await screen.findByText('More than 1000 task(s) found matching "battery"')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-8 of more than 1000')).toBeInTheDocument();
    expect(
      screen.getByText('Too many matches to count by status: add words to narrow the search.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Pending \d/)).not.toBeInTheDocument();
  });

  it('a server fault is tried twice more, then shown with Retry, which loads the page', async () => {
    let calls = 0;
    apiServer.use(
      assignees(),
      http.get(api('/tasks'), () => {
        calls += 1;
        if (calls <= 3)
          return HttpResponse.json(
            {
              statusCode: 503,
              code: 'SERVICE_UNAVAILABLE',
              message: '',
              requestId: 'req-3',
            } satisfies ApiErrorBody,
            { status: 503 },
          );
        return HttpResponse.json(page(tasks(1, 2)));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<TaskManagementPage />, { user: engineer, path: '/tasks' });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch tasks Reference: req-3');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Task 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal is shown at once, not tried again', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/tasks'), () => {
        calls += 1;
        return HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'The page must be a whole number.',
          } satisfies ApiErrorBody,
          { status: 400 },
        );
      }),
    );
    await renderScreen(<TaskManagementPage />, { user: technician, path: '/tasks' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The page must be a whole number.');
    expect(calls).toBe(1);
  });

  it('keeps the page shown while the next one loads', async () => {
    apiServer.use(
      assignees(),
      http.get(api('/tasks'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '2') {
          await delay(150);
          return HttpResponse.json(page(tasks(9, 2), 2, 10));
        }
        return HttpResponse.json(page(tasks(1, 8), 1, 10));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<TaskManagementPage />, { user: engineer, path: '/tasks' });
    await screen.findByRole('article', { name: 'Task 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('article', { name: 'Task 1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Updating' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Task 9' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Task 1' })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
  });

  it('a task changed elsewhere (task:updated) reloads the list', async () => {
    let shown = tasks(1, 1);
    let calls = 0;
    apiServer.use(
      http.get(api('/tasks'), () => {
        calls += 1;
        return HttpResponse.json(page(shown));
      }),
    );
    const live = new TestLiveEvents();
    await renderScreen(<TaskManagementPage />, { user: technician, path: '/tasks', live });
    await screen.findByRole('article', { name: 'Task 1' });
    shown = [...tasks(1, 1), task({ _id: 't2', title: 'Task 2' })];
    act(() => live.emit('task:updated', { task: shown[1] as TaskDto }));
    expect(await screen.findByRole('article', { name: 'Task 2' })).toBeInTheDocument();
    // One event, one question: the page follows the events once.
    expect(calls).toBe(2);
  });

  it('a status change on a card is sent with its version, says so, and the list is asked again', async () => {
    let shown = task({ _id: 't1', title: 'Task 1', status: 'In Progress', version: 4 });
    const sent: unknown[] = [];
    apiServer.use(
      http.get(api('/tasks'), () => HttpResponse.json(page([shown]))),
      http.put(api('/tasks/t1/status'), async ({ request }) => {
        sent.push(await request.json());
        shown = { ...shown, status: 'Completed', version: 5 };
        return HttpResponse.json(shown);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<TaskManagementPage />, { user: technician, path: '/tasks' });
    const card = await screen.findByRole('article', { name: 'Task 1' });
    await user.selectOptions(within(card).getByLabelText('Status'), 'Completed');
    expect(await screen.findByText('Task status submitted.')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'Completed', version: 4 }]);
    expect(within(card).getByText('Completed', { selector: '.task-card__status-text' })).toBeInTheDocument();
  });

  it("a refused change shows the server's message on its card", async () => {
    apiServer.use(
      http.get(api('/tasks'), () => HttpResponse.json(page([task({ _id: 't1', title: 'Task 1' })]))),
      http.put(api('/tasks/t1/status'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Someone changed this task meanwhile.',
          } satisfies ApiErrorBody,
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<TaskManagementPage />, { user: technician, path: '/tasks' });
    const card = await screen.findByRole('article', { name: 'Task 1' });
    await user.selectOptions(within(card).getByLabelText('Status'), 'Completed');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Someone changed this task meanwhile.');
    // The choice goes back to what the task holds.
    expect(within(card).getByLabelText('Status')).toHaveValue('In Progress');
  });
});
