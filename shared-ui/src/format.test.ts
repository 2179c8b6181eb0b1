import { formatDate, formatDateTime, formatDrCr, formatNumber, formatOwed, formatPhone, formatRupees, initials, owedSentence, parseRupees } from './format';

describe('formatRupees (paise in, en-IN out)', () => {
  it('groups in lakhs and crores', () => {
    expect(formatRupees(12345678)).toBe('₹1,23,456.78');
    expect(formatRupees(1234567890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(99900)).toBe('₹999.00');
  });
  it('zero and negative', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(-123450)).toBe('-₹1,234.50');
    expect(formatRupees(-0.4)).toBe('₹0.00');
  });
  it('rounds fractions of a paisa', () => {
    expect(formatRupees(100.4)).toBe('₹1.00');
    expect(formatRupees(100.5)).toBe('₹1.01');
  });
  it('returns empty text for non-numbers', () => {
    expect(formatRupees(Number.NaN)).toBe('');
  });
});

describe('formatNumber', () => {
  it('uses en-IN grouping', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234.567)).toBe('1,234.57');
  });
});

describe('formatPhone', () => {
  it('shows +91 and a 5-5 split', () => {
    expect(formatPhone('9800000001')).toBe('+91 98000 00001');
    expect(formatPhone('+919800000011')).toBe('+91 98000 00011');
  });
  it('leaves anything else as given', () => {
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('dates', () => {
  it('formats dd/mm/yyyy and 22 Nov 2026', () => {
    expect(formatDate(new Date(2026, 10, 22))).toBe('22/11/2026');
    expect(formatDate(new Date(2026, 10, 22), 'medium')).toBe('22 Nov 2026');
  });
  it('reads a bare ISO date as that calendar day', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
  });
  it('formats date and time with am/pm', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 15, 5))).toBe('22/11/2026, 3:05 pm');
  });
  it('invalid input gives empty text', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letter of each name', () => {
    expect(initials('Ramesh', 'Agarwal')).toBe('RA');
    expect(initials('priya', undefined)).toBe('P');
    expect(initials('', '')).toBe('');
  });
});

describe('parseRupees (typed rupees in, exact paise out)', () => {
  it('reads grouped and plain amounts without float drift', () => {
    expect(parseRupees('1,234.56')).toBe(123456);
    expect(parseRupees('1,23,456.78')).toBe(12345678);
    expect(parseRupees('0.29')).toBe(29);
    expect(parseRupees('1.1')).toBe(110);
    expect(parseRupees(' ₹ 500 ')).toBe(50000);
    expect(parseRupees('19.99')).toBe(1999);
  });
  it('refuses what is not an amount', () => {
    expect(parseRupees('')).toBeNull();
    expect(parseRupees('12.345')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('1e3')).toBeNull();
    expect(parseRupees('12,34,5')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
  });
});

describe('balances in words, never a minus (issue 38 item 3)', () => {
  it('formatOwed: the amount owed, or the advance the other way', () => {
    expect(formatOwed(169400, 'PAYABLE')).toBe('₹1,694.00');
    expect(formatOwed(-169400, 'PAYABLE')).toBe('Advance paid ₹1,694.00');
    expect(formatOwed(-169400, 'RECEIVABLE')).toBe('Advance received ₹1,694.00');
    expect(formatOwed(250000, 'RECEIVABLE')).toBe('₹2,500.00');
    expect(formatOwed(0, 'PAYABLE')).toBe('₹0.00');
    expect(formatOwed(-0.4, 'PAYABLE')).toBe('₹0.00');
  });
  it('owedSentence: who owes whom', () => {
    expect(owedSentence(169400, 'PAYABLE')).toBe('You owe parties ₹1,694.00');
    expect(owedSentence(-169400, 'PAYABLE')).toBe('You have paid parties ₹1,694.00 in advance');
    expect(owedSentence(50000, 'RECEIVABLE')).toBe('Parties owe you ₹500.00');
    expect(owedSentence(-50000, 'RECEIVABLE')).toBe('Parties have paid you ₹500.00 in advance');
  });
  it('formatDrCr: Dr or Cr beside the amount', () => {
    expect(formatDrCr(169400)).toBe('₹1,694.00 Dr');
    expect(formatDrCr(-169400)).toBe('₹1,694.00 Cr');
    expect(formatDrCr(0)).toBe('₹0.00');
  });
});
