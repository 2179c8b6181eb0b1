import { render, screen } from '@testing-library/react';
import { Select } from './inputs';

describe('Select', () => {
  it('shows grouped options under their groups, loose ones first', () => {
    render(
      <Select
        aria-label="Head"
        placeholder="Choose…"
        options={[
          { value: 'x', label: 'Loose' },
          { value: 'a', label: 'Sharma', group: 'Sundry Debtors' },
          { value: 'b', label: 'Rent', group: 'Indirect Expenses' },
          { value: 'c', label: 'Lifeline', group: 'Sundry Debtors' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Head' });
    expect([...select.children].map((c) => (c.tagName === 'OPTGROUP' ? `${(c as HTMLOptGroupElement).label}: ${[...c.children].map((o) => o.textContent).join(', ')}` : c.textContent))).toEqual([
      'Choose…',
      'Loose',
      'Sundry Debtors: Sharma, Lifeline',
      'Indirect Expenses: Rent',
    ]);
  });
});
