import type { TaskListResponse } from '@caliber/contracts';
import { render, screen } from '@testing-library/react';
import { task } from '../utils/task.fixture';
import { MaintenancePanel } from './MaintenancePanel';

function panel(data: TaskListResponse) {
  return render(
    <MaintenancePanel
      id="history"
      title="Maintenance History"
      description="Completed work"
      empty="Nothing yet."
      data={data}
      loading={false}
      onPage={() => undefined}
      pagerLabel="History pages"
      renderItem={(item) => <li key={item._id}>{item.title}</li>}
    />,
  );
}

describe('A Maintenance panel', () => {
  it('shows the count and the last page of a list it counted whole', () => {
    panel({
      tasks: [task({ title: 'Battery swap' })],
      total: 12,
      more: false,
      page: 1,
      pages: 2,
      limit: 8,
      counts: null,
    });
    expect(screen.getByRole('heading', { name: /Maintenance History/ })).toHaveTextContent('12');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('never states a search that matched more than it counted as an exact number', () => {
    panel({
      tasks: [task({ title: 'Battery swap' })],
      total: 1000,
      more: true,
      page: 1,
      pages: 126,
      limit: 8,
      counts: null,
    });
    expect(screen.getByRole('heading', { name: /Maintenance History/ })).toHaveTextContent('1000+');
    expect(screen.getByText('Page 1 of more than 125')).toBeInTheDocument();
  });
});
