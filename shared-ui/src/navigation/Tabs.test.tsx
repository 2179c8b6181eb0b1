import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';

describe('Tabs', () => {
  it('marks the selected tab and reports the one chosen', async () => {
    const onSelect = jest.fn();
    render(<Tabs label="Reports" tabs={[{ id: 'a', label: 'Ledger' }, { id: 'b', label: 'Outstanding' }]} selected="a" onSelect={onSelect} />);
    expect(screen.getByRole('tablist', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ledger' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Outstanding' })).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(screen.getByRole('tab', { name: 'Outstanding' }));
    expect(onSelect).toHaveBeenCalledWith('b');
  });
});
