import { taskExample, type TaskDto, type TaskLabourCost } from '@caliber/contracts';
import { render, screen } from '@testing-library/react';
import { WorkRecord } from './WorkRecord';

const task: TaskDto = {
  ...taskExample,
  spareParts: [],
  faultDescription: 'Battery does not hold a charge',
  repairDetails: 'Battery replaced',
  labourHours: 1.5,
};

const cost = (fields: Partial<TaskLabourCost>): TaskLabourCost => ({
  role: 'Technician',
  pricedOn: '2026-03-14',
  hourlyRate: 95,
  amount: 142.5,
  currency: 'EUR',
  ...fields,
});

const labourCost = () => screen.getByText('Labour cost').nextElementSibling?.textContent;

describe('WorkRecord', () => {
  it('shows what the hours cost at the rate of the day they were priced at', () => {
    render(<WorkRecord task={task} labourCost={cost({})} />);
    expect(labourCost()).toMatch(/^€142\.50 \(the Technician rate of €95\.00 an hour on .+2026\)$/);
  });

  it('says why hours have no price', () => {
    const { rerender } = render(
      <WorkRecord task={task} labourCost={cost({ hourlyRate: null, amount: null })} />,
    );
    expect(labourCost()).toMatch(/^Not priced: there was no Technician labour rate on .+2026\.$/);
    rerender(<WorkRecord task={task} labourCost={cost({ role: null, hourlyRate: null, amount: null })} />);
    expect(labourCost()).toBe(
      'Not priced: the hours were recorded before Caliber kept whose work they were.',
    );
  });

  it('shows no cost where the server gives none (a Technician, or no hours)', () => {
    render(<WorkRecord task={task} />);
    expect(screen.getByText('Labour hours')).toBeInTheDocument();
    expect(screen.queryByText('Labour cost')).not.toBeInTheDocument();
  });
});
