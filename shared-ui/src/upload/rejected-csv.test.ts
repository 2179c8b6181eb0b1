import { rejectedCsv } from './rejected-csv';

describe('rejectedCsv', () => {
  it('writes the row number, every cell under its header and the problems, quoting what needs it', () => {
    const csv = rejectedCsv(['Item Name', 'MRP'], [{ rowNumber: 7, cells: ['Dolo 650, Tab', '₹1,234.00'], problems: ['missing batch', 'MRP below PTR'] }]);
    expect(csv).toBe('\uFEFFRow,Item Name,MRP,Problems\r\n7,"Dolo 650, Tab","₹1,234.00",missing batch; MRP below PTR\r\n');
  });
});
