import { render, screen } from '@testing-library/react';
import { Meter, meterPercent } from './Meter';

describe('Meter', () => {
  it('is a meter named by its visible label, with its range, value and value text', () => {
    const { container } = render(
      <Meter
        label="Serviceable"
        value={12}
        max={40}
        tone="good"
        valueText="12 (30%)"
        spokenValue="30% of all equipment"
      />,
    );
    const meter = screen.getByRole('meter', { name: 'Serviceable' });
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '40');
    expect(meter).toHaveAttribute('aria-valuenow', '12');
    expect(meter).toHaveAttribute('aria-valuetext', '30% of all equipment');
    expect(screen.getByText('Serviceable')).toBeVisible();
    expect(screen.getByText('12 (30%)')).toBeVisible();
    expect(container.firstElementChild).toHaveClass('ck-meter ck-meter--good');
    expect(container.querySelector<HTMLElement>('.ck-meter__fill')?.style.width).toBe('30%');
  });

  it("is a progress bar for a job's progress, its percentage shown and read out by default", () => {
    render(<Meter kind="progressbar" label="Report progress" value={45} />);
    const bar = screen.getByRole('progressbar', { name: 'Report progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuetext', '45%');
    expect(screen.getByText('45%')).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('may keep its label for screen readers only and show no value text (a badge beside it says it)', () => {
    const { container } = render(
      <Meter kind="progressbar" label="Equipment status: progress" labelHidden valueText={null} value={60} />,
    );
    expect(screen.getByRole('progressbar', { name: 'Equipment status: progress' })).toBeInTheDocument();
    expect(screen.getByText('Equipment status: progress')).toHaveClass('visually-hidden');
    expect(container.querySelector('.ck-meter__value')).toBeNull();
  });

  it('keeps the value inside its range, and draws a sliver for any value above the minimum', () => {
    const { container, rerender } = render(<Meter label="Progress" value={140} />);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '100');
    expect(container.querySelector<HTMLElement>('.ck-meter__fill')?.style.width).toBe('100%');
    rerender(<Meter label="Progress" value={1} max={1000} />);
    expect(container.querySelector('.ck-meter__fill')).toHaveClass('ck-meter__fill--some');
    rerender(<Meter label="Progress" value={0} max={1000} />);
    expect(container.querySelector('.ck-meter__fill')).not.toHaveClass('ck-meter__fill--some');
  });

  it('reads an empty range or a value that is not a number as nothing done', () => {
    expect(meterPercent(5, 0, 0)).toBe(0);
    expect(meterPercent(Number.NaN)).toBe(0);
    expect(meterPercent(-3)).toBe(0);
    expect(meterPercent(25, 0, 50)).toBe(50);
  });
});
