import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DataTable, type DataTableColumn, type SortState } from './DataTable';

interface Row {
  id: string;
  name: string;
  amount: number;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'amount', header: 'Amount', sortable: true, align: 'right' },
];

const rows: Row[] = [
  { id: 'a', name: 'Sharma Medical Stores', amount: 1500000 },
  { id: 'b', name: 'Agarwal Pharma Distributors', amount: 250 },
  { id: 'c', name: 'Lifeline Multispeciality Hospital', amount: 42000 },
];

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('renders cells with en-IN numbers', () => {
    render(<DataTable label="Customers" columns={columns} rows={rows} rowKey="id" />);
    expect(screen.getByRole('table', { name: 'Customers' })).toBeInTheDocument();
    expect(screen.getByText('15,00,000')).toBeInTheDocument();
  });

  it('scrolls sideways inside its own box, so a wide table never widens the page', () => {
    render(<DataTable label="Customers" columns={columns} rows={rows} rowKey="id" />);
    const scroller = screen.getByRole('table', { name: 'Customers' }).parentElement!;
    expect(getComputedStyle(scroller).overflowX).toBe('auto');
    expect(getComputedStyle(scroller.parentElement!).overflow).toBe('hidden');
  });

  it("labels each cell with its column and marks the sortable headers, for a phone's card per row (issue 38 item 2)", () => {
    const withActions: DataTableColumn<Row>[] = [...columns, { key: 'actions', header: '', render: (r) => <button type="button">Open {r.name}</button> }, { key: 'total', header: <b>Total</b>, label: 'Total', render: () => '1' }];
    render(<DataTable label="Customers" columns={withActions} rows={rows} rowKey="id" />);
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Name', 'Amount', null, 'Total']);
    // The label is generated content, never part of the cell's text.
    expect(cells[0]).toHaveTextContent(/^Sharma Medical Stores$/);
    expect(screen.getAllByRole('columnheader').map((h) => h.hasAttribute('data-sortable'))).toEqual([true, true, false, false]);
  });

  it('sorts by a column, toggling direction', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={columns} rows={rows} rowKey="id" />);
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(firstCells()).toEqual(['Agarwal Pharma Distributors', 'Lifeline Multispeciality Hospital', 'Sharma Medical Stores']);
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(firstCells()).toEqual(['Sharma Medical Stores', 'Lifeline Multispeciality Hospital', 'Agarwal Pharma Distributors']);
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(firstCells()[0]).toBe('Agarwal Pharma Distributors');
  });

  it('pages rows on the client', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => ({ id: String(i), name: `Store ${i + 1}`, amount: i }));
    render(<DataTable columns={columns} rows={many} rowKey="id" pageSize={10} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(5);
    expect(firstCells()[0]).toBe('Store 21');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the empty message', () => {
    render(<DataTable columns={columns} rows={[]} rowKey="id" emptyMessage="No employees yet" />);
    expect(screen.getByText('No employees yet')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('shows a spinner while loading with no rows', () => {
    render(<DataTable columns={columns} rows={[]} rowKey="id" loading />);
    expect(screen.getByRole('status', { name: 'Loading rows' })).toBeInTheDocument();
    expect(screen.queryByText('Nothing to show yet')).not.toBeInTheDocument();
  });

  it('in server mode asks for pages and sort instead of slicing', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    const onSortChange = jest.fn();
    function Server() {
      const [sort, setSort] = useState<SortState | null>(null);
      return (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey="id"
          pageSize={3}
          page={1}
          totalResults={9}
          onPageChange={onPageChange}
          sort={sort}
          onSortChange={(s) => {
            onSortChange(s);
            setSort(s);
          }}
        />
      );
    }
    render(<Server />);
    expect(screen.getByText('Showing 4–6 of 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);

    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'amount', direction: 'asc' });
    // The server sorts: the given order is kept.
    expect(firstCells()).toEqual(rows.map((r) => r.name));
  });
});

describe('DataTable pinned rows and details', () => {
  it('keeps leading and trailing rows out of sorting, paging and the count, even when the page is empty', async () => {
    const total: Row = { id: 'total', name: 'Total', amount: 1542250 };
    const opening: Row = { id: 'opening', name: 'Opening', amount: 0 };
    const { rerender } = render(<DataTable label="T" columns={columns} rows={rows} rowKey="id" pageSize={2} leadingRows={[opening]} trailingRows={[total]} />);
    expect(firstCells()).toEqual(['Opening', 'Sharma Medical Stores', 'Agarwal Pharma Distributors', 'Total']);
    expect(screen.getByText('Showing 1–2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(firstCells()).toEqual(['Opening', 'Agarwal Pharma Distributors', 'Lifeline Multispeciality Hospital', 'Total']);
    rerender(<DataTable label="T" columns={columns} rows={[]} rowKey="id" leadingRows={[opening]} trailingRows={[total]} emptyMessage="No entries" />);
    expect(firstCells()).toEqual(['Opening', 'No entries', 'Total']);
  });

  it('shows a row\'s detail under it across the whole width', () => {
    render(<DataTable label="T" columns={columns} rows={rows} rowKey="id" renderDetail={(r) => (r.id === 'b' ? <p>Lines of {r.name}</p> : null)} />);
    const detail = screen.getByText('Lines of Agarwal Pharma Distributors').closest('td')!;
    expect(detail).toHaveAttribute('colspan', '2');
    expect(bodyRows()).toHaveLength(4);
  });
});
