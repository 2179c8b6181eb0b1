/* Test kit for the move-in screens (jest only; no screen imports it). */
import type { BillRow, MoveInImport, MoveInReport } from 'shared-api';

export const EMPTY_REPORT: MoveInReport = {
  openingDate: null,
  imports: [],
  counts: { customers: 0, suppliers: 0, items: 0, receivableBills: 0, payableBills: 0, trialBalanceHeads: 0 },
  receivable: { booksPaise: 0, filesPaise: 0 },
  payable: { booksPaise: 0, filesPaise: 0 },
  stock: { atCostPaise: 0, trialBalancePaise: null },
  differencePaise: 0,
  differenceConfirmedAt: null,
  partyMismatches: [],
};

/** Parties and receivable bills in, the trial balance leaving ₹1,23,456.50 on Opening Balances. */
export const REPORT: MoveInReport = {
  openingDate: '2026-03-31',
  imports: [
    { importId: 'imp-p', kind: 'PARTIES', fileName: 'marg-parties.xlsx', source: 'MARG', rows: 3, importedAt: '2026-11-22T05:00:00.000Z' },
    { importId: 'imp-b', kind: 'BILLS', fileName: 'marg-bills.xlsx', source: 'MARG', rows: 2, importedAt: '2026-11-22T05:05:00.000Z' },
    { importId: 'imp-t', kind: 'TRIAL_BALANCE', fileName: 'tb.csv', source: 'SHEET', rows: 6, importedAt: '2026-11-22T05:10:00.000Z' },
  ],
  counts: { customers: 2, suppliers: 1, items: 0, receivableBills: 2, payableBills: 0, trialBalanceHeads: 6 },
  receivable: { booksPaise: 12345650, filesPaise: 12345650 },
  payable: { booksPaise: 5000000, filesPaise: 5050000 },
  stock: { atCostPaise: 250000000, trialBalancePaise: 250000000 },
  differencePaise: 12345650,
  differenceConfirmedAt: null,
  partyMismatches: [{ partyName: 'Lifeline Hospital', role: 'SUPPLIER', filePaise: -5050000, booksPaise: -5000000 }],
};

const bill = (rowNumber: number, billNumber: string, pendingPaise: number): BillRow => ({
  rowNumber,
  side: 'PAYABLE',
  partyName: 'Micro Labs Ltd',
  partyGstin: '29AAACM1234F1Z5',
  billNumber,
  billDate: '2026-02-14',
  dueDate: null,
  billAmountPaise: pendingPaise,
  pendingPaise,
  warnings: [],
});

/** A Marg-style bills file read with its Due column unmapped (the owner maps it and checks again). */
export const BILLS_UNMAPPED: MoveInImport = {
  importId: 'imp-1',
  kind: 'BILLS',
  status: 'PREVIEW',
  source: 'MARG',
  fileName: 'marg-bills.xlsx',
  fileType: 'XLSX',
  headerRow: 4,
  headers: ['Party', 'Bill No', 'Date', 'Bill Amt', 'Due Amt'],
  mapping: { party: 0, billNumber: 1, billDate: 2, billAmount: 3 },
  missingFields: ['Pending amount (Dr/Cr)'],
  dataRows: 3,
  validRows: 0,
  parties: [],
  items: [],
  bills: [],
  trialBalance: [],
  itemMatches: [],
  catalogue: null,
  rejected: [],
  rejectedRows: 0,
  totals: { debitPaise: 0, creditPaise: 0 },
  previousImportId: null,
  createdAt: '2026-11-22T05:00:00.000Z',
  result: null,
};

export const BILLS_MAPPED: MoveInImport = {
  ...BILLS_UNMAPPED,
  importId: 'imp-2',
  mapping: { party: 0, billNumber: 1, billDate: 2, billAmount: 3, pending: 4 },
  missingFields: [],
  validRows: 2,
  bills: [bill(5, 'ML/2025/0891', 12345650), bill(6, 'ML/2025/0902', 50000)],
  rejected: [{ rowNumber: 7, cells: ['Micro Labs Ltd', '', '31-02-2026', '100.00', '100.00'], problems: ['no bill number', 'bill date 31-02-2026 is not a date'] }],
  rejectedRows: 1,
  totals: { debitPaise: 0, creditPaise: 12395650 },
};

export const BILLS_IMPORTED: MoveInImport = {
  ...BILLS_MAPPED,
  status: 'IMPORTED',
  result: { imported: 2, skippedAsAlreadyImported: 0, linkedParties: 0, productsCreated: 0, vouchersPosted: 2, importedAt: '2026-11-22T05:06:00.000Z' },
};
