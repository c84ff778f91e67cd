import { render, screen, within } from '@testing-library/react';
import { FileRowsTable, lineColumn, statusColumn, type DataColumn } from './DataTable';

interface FileRow {
  line: number;
  serial: string;
  refused: boolean;
}

const columns: DataColumn<FileRow>[] = [
  lineColumn((row) => row.line),
  { id: 'serial', header: 'Serial number', cell: (row) => row.serial },
  statusColumn(
    'action',
    'Action',
    (row) => (row.refused ? 'refused' : 'add'),
    { add: 'green', refused: 'red' },
    { add: 'Add', refused: 'Refused' },
  ),
];

const makeRows = (count: number): FileRow[] =>
  Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    serial: `SN-${index + 2}`,
    refused: index % 3 === 0,
  }));

function Table({ rows }: { rows: FileRow[] }) {
  return (
    <FileRowsTable
      rows={rows}
      columns={columns}
      refused={(row) => row.refused}
      caption="The rows of the file"
      label="Rows of the file"
      initialRect={{ width: 800, height: 440 }}
      estimateRowHeight={44}
    />
  );
}

describe('DataTable', () => {
  it('is a table with its caption and column headers, in a focusable region', () => {
    render(<Table rows={makeRows(3)} />);
    const region = screen.getByRole('region', { name: 'Rows of the file' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'The rows of the file' });
    expect(table).toHaveClass('ck-table', 'ck-table--dense');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Line', 'Serial number', 'Action']);
  });

  it('draws every row of a short table, each named, each cell labelled with its column for the phone', () => {
    render(<Table rows={makeRows(3)} />);
    // The header row and three rows; a short table is not virtualised.
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-rowcount');
    const row = screen.getByRole('row', { name: 'Line 3' });
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Line', 'Serial number', 'Action']);
    expect(cells.map((cell) => cell.textContent)).toEqual(['3', 'SN-3', 'Add']);
    expect(cells[0]).toHaveClass('ck-data-table__line');
  });

  it('marks a refused row by its tone, and says the status in words', () => {
    render(<Table rows={makeRows(3)} />);
    const refused = screen.getByRole('row', { name: 'Line 2' });
    expect(refused).toHaveClass('ck-data-table__row--danger');
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Line 3' })).not.toHaveClass('ck-data-table__row--danger');
  });

  it('of 5,000 rows draws only a window, and tells a screen reader the count and each row’s place', () => {
    render(<Table rows={makeRows(5000)} />);
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rows = screen.getAllByRole('row');
    // 440px of 44px rows is 10, and a few either side: far fewer than 5,000.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '1');
    expect(screen.getByRole('row', { name: 'Line 2' })).toHaveAttribute('aria-rowindex', '2');
    expect(screen.queryByRole('row', { name: 'Line 5001' })).not.toBeInTheDocument();
    // The rows not drawn keep their height, so the scrollbar is the whole file's.
    const spacer = table.querySelector('.ck-data-table__spacer td');
    expect(spacer).toHaveStyle({ height: `${(5000 - (rows.length - 1)) * 44}px` });
    expect(screen.getByRole('region')).toHaveClass('ck-data-table-frame--virtual');
  });
});
