import { AppError } from '../src/http/errors';
import { statementDate, statementLines, statementMoney, upiParty, utrOf } from '../src/modules/reconciliation/statement';
import { readText } from '../src/modules/inventory/parsers/text';

/* Bank statement parsing (no database): the layouts, dates, amounts and narrations Indian banks export. */

describe('statement dates', () => {
  it.each([
    ['22/11/2026', '2026-11-22'],
    ['22/11/26', '2026-11-22'],
    ['22-11-2026', '2026-11-22'],
    ['22.11.2026', '2026-11-22'],
    ['22-Nov-26', '2026-11-22'],
    ['22 November 2026', '2026-11-22'],
    ['2026-11-22', '2026-11-22'],
    ['22/11/2026 10:15:02', '2026-11-22'],
    ['31/02/2026', null],
    ['Opening Balance', null],
    ['', null],
  ])('%s → %s', (text, iso) => expect(statementDate(text)).toBe(iso));

  it('reads Excel date cells and day serials', () => {
    expect(statementDate(new Date(Date.UTC(2026, 10, 22)))).toBe('2026-11-22');
    expect(statementDate(46348)).toBe('2026-11-22');
  });
});

describe('statement amounts', () => {
  it.each([
    ['1,23,456.50', 12345650, null],
    ['₹ 45', 4500, null],
    ['(45.00)', -4500, null],
    ['-45', -4500, null],
    ['45.00 Cr', 4500, 'CR'],
    ['1,000.00Dr', 100000, 'DR'],
  ] as const)('%s → %d %s', (text, paise, marker) => expect(statementMoney(text)).toEqual({ paise, marker }));

  it('is null for text that is not money', () => {
    expect(statementMoney('n/a')).toBeNull();
    expect(statementMoney('')).toBeNull();
    expect(statementMoney(null)).toBeNull();
  });
});

describe('UTR and UPI party', () => {
  it('takes the 12-digit UTR from the reference column (also zero-padded or a number cell), else the narration', () => {
    expect(utrOf('433512345678', 'x')).toBe('433512345678');
    expect(utrOf('0000433512345678', 'x')).toBe('433512345678');
    expect(utrOf(433512345678, 'x')).toBe('433512345678');
    expect(utrOf('', 'UPI/433512345678/Sharma Medical/sharma@okaxis')).toBe('433512345678');
    expect(utrOf(null, 'NEFT-HDFC00001-ACCOUNT 1234567890123')).toBeNull();
    expect(utrOf('CHQ 123456', 'CHEQUE DEPOSIT')).toBeNull();
  });

  it('names the payer of a UPI narration', () => {
    expect(upiParty('UPI/433512345678/Sharma Medical/sharma@okaxis', '433512345678')).toEqual({ upi: true, name: 'Sharma Medical', vpa: 'sharma@okaxis' });
    expect(upiParty('UPI-SHARMA MEDICAL-Sharma@OkAxis-UTIB0000123-433512345678-PAYMENT', '433512345678')).toEqual({ upi: true, name: 'SHARMA MEDICAL', vpa: 'sharma@okaxis' });
    expect(upiParty('UPI/CR/433512345678/RAVI MEDICOS/SBIN/ravi@oksbi/Pay', '433512345678')).toEqual({ upi: true, name: 'RAVI MEDICOS', vpa: 'ravi@oksbi' });
    expect(upiParty('NEFT-RAVI MEDICOS', null)).toEqual({ upi: false, name: null, vpa: null });
  });
});

describe('statement layouts', () => {
  const rows = (text: string) => readText(Buffer.from(text));

  it('withdrawal and deposit columns under title lines', () => {
    const { lines } = statementLines(
      rows(
        [
          'ICICI Bank - Detailed Statement',
          'S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )',
          '1,21/11/2026,22/11/2026,,UPI/433512345678/Sharma Medical/sharma@okaxis,0.00,"1,500.00","11,500.00"',
          '2,22/11/2026,22/11/2026,,UPI/433512345679/Power bill/bescom@axis,250.00,0.00,"11,250.00"',
        ].join('\n'),
      ),
    );
    expect(lines.map((l) => [l.row, l.date, l.utr, l.amountPaise, l.payerName])).toEqual([
      [3, '2026-11-22', '433512345678', 150000, 'Sharma Medical'],
      [4, '2026-11-22', '433512345679', -25000, null],
    ]);
  });

  it('one amount with a Cr/Dr column, or signed', () => {
    const { lines } = statementLines(rows(['Date;Particulars;Amount;Cr/Dr', '22-Nov-2026;UPI/433512345678/A/a@ok;100.00;Cr', '22-Nov-2026;ATM WDL;250.00;DR', '23-Nov-2026;Charges;-5.90;'].join('\n')));
    expect(lines.map((l) => l.amountPaise)).toEqual([10000, -25000, -590]);
  });

  it('rejects a row whose money cannot be taken as it stands, naming the column, and never takes its absolute value', () => {
    const { lines, rejected } = statementLines(
      rows(
        [
          'Date,Narration,Withdrawal,Deposit,Balance',
          '22/11/2026,UPI/433512345670/OK/ok@okaxis,-,45.00,0',
          '22/11/2026,UPI/433512345671/REVERSAL/r@okaxis,,-5.00,0',
          '22/11/2026,UPI/433512345672/BIG/b@okaxis,,99999999999999999999.99,0',
          '22/11/2026,UPI/433512345673/CR IN DEBIT/c@okaxis,45.00 Cr,,0',
          '22/11/2026,ATM,(45.00),,0',
          'Total,,100.00,45.00,',
        ].join('\n'),
      ),
    );
    expect(lines.map((l) => [l.row, l.amountPaise])).toEqual([[2, 4500]]);
    expect(rejected).toEqual([
      { rowNumber: 3, cells: ['22/11/2026', 'UPI/433512345671/REVERSAL/r@okaxis', '', '-5.00', '0'], problems: ['Deposit -₹5.00 is negative: a deposit is money received, never below zero'] },
      { rowNumber: 4, cells: expect.any(Array), problems: ['Deposit "99999999999999999999.99" is more than ₹10 crore on one line: check the column'] },
      { rowNumber: 5, cells: expect.any(Array), problems: ['Withdrawal is marked Cr'] },
      { rowNumber: 6, cells: expect.any(Array), problems: ['Withdrawal -₹45.00 is negative: a withdrawal is written without a sign'] },
    ]);
  });

  it('one signed amount: a sign and a Cr/Dr marker together, or text, is rejected; ₹10 crore is the most on a line', () => {
    const { lines, rejected } = statementLines(
      rows(['Date;Particulars;Amount;Cr/Dr', '22-Nov-2026;A;-100.00;Cr', '22-Nov-2026;B;abc;Dr', '22-Nov-2026;C;10,00,00,000.00;Cr', '22-Nov-2026;D;10,00,00,000.01;Cr'].join('\n')),
    );
    expect(lines.map((l) => [l.row, l.amountPaise])).toEqual([[4, 10_000_000_000]]);
    expect(rejected.map((r) => [r.rowNumber, r.problems])).toEqual([
      [2, ['Amount has both a minus sign and Cr']],
      [3, ['Amount "abc" is not an amount']],
      [5, ['Amount "10,00,00,000.01" is more than ₹10 crore on one line: check the column']],
    ]);
  });

  it('refuses a file without such a header row', () => {
    expect(() => statementLines(rows('Name,Qty\nDolo,5\n'))).toThrow(AppError);
    expect(() => statementLines(rows('Name,Qty\nDolo,5\n'))).toThrow(/No header row with Date, Narration and Credit\/Debit columns found/);
  });
});
