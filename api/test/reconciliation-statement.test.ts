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
    const lines = statementLines(
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
    const lines = statementLines(rows(['Date;Particulars;Amount;Cr/Dr', '22-Nov-2026;UPI/433512345678/A/a@ok;100.00;Cr', '22-Nov-2026;ATM WDL;250.00;DR', '23-Nov-2026;Charges;-5.90;'].join('\n')));
    expect(lines.map((l) => l.amountPaise)).toEqual([10000, -25000, -590]);
  });

  it('refuses a file without such a header row', () => {
    expect(() => statementLines(rows('Name,Qty\nDolo,5\n'))).toThrow(AppError);
    expect(() => statementLines(rows('Name,Qty\nDolo,5\n'))).toThrow(/No header row with Date, Narration and Credit\/Debit columns found/);
  });
});
