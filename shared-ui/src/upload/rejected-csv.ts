import type { RejectedRow } from 'shared-api';

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The rejected rows as CSV (Excel opens it): the file's row number, its cells under their headers, and why. */
export function rejectedCsv(headers: readonly string[], rows: readonly RejectedRow[]): string {
  const lines = [['Row', ...headers, 'Problems'], ...rows.map((r) => [String(r.rowNumber), ...headers.map((_, i) => r.cells[i] ?? ''), r.problems.join('; ')])];
  // BOM: Excel then reads ₹ and other non-ASCII text as UTF-8.
  return `\uFEFF${lines.map((l) => l.map(quote).join(',')).join('\r\n')}\r\n`;
}

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
