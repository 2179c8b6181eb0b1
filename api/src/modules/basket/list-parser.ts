import { BASKET_LIMITS, type BasketLineError, type BasketList, type BasketListLine } from 'shared-api';
import { cellText, mappingOf, type Cell } from '../inventory/parsers/header-detect';

/*
 * A shopping list as buyers write it: one product per line with how many, in the usual forms — "Dolo 650 x 10",
 * "10 Dolo 650", "10 x Dolo 650", "Dolo 650 - 10 strips", "Dolo 650 10 strips", or cells split by tab, comma or
 * semicolon ("Dolo 650<TAB>10"). Lines that say no quantity, or one that is not a whole number of packs, come back
 * as errors with their line number: nothing is guessed.
 */

/** Pack words a quantity may carry ("10 strips"); they say nothing the line needs. */
const UNIT = String.raw`(?:strips?|pcs?|pieces?|nos?\.?|units?|boxe?s?|packs?|packets?|bottles?|vials?|tubes?|sachets?|qty)`;
const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
/** "name x 10", "name * 10", "name - 10", "name: 10", "name qty 10", each with an optional pack word. */
const TRAILING = new RegExp(String.raw`^(.*?\S)(?:\s*(?<=[\d\s])[x×*]\s*|\s+[-–—:=]\s*|\s*\bqty\.?\s*|\s*[-–—:=]\s+)${NUMBER}\s*${UNIT}?\.?$`, 'i');
/** "name 10 strips": a bare trailing number only with a pack word (a bare one may be the strength: "Dolo 650"). */
const TRAILING_UNIT = new RegExp(String.raw`^(.*?\S)\s+${NUMBER}\s*${UNIT}\.?$`, 'i');
/** "10 Dolo 650", "10 x Dolo 650", "10 strips of Dolo 650". */
const LEADING = new RegExp(String.raw`^${NUMBER}\s*${UNIT}?\s*(?:[x×*]\s+|of\s+|[-–—:]\s*)?([a-z].*)$`, 'i');
const QUANTITY_CELL = new RegExp(String.raw`^${NUMBER}\s*${UNIT}?\.?$`, 'i');
const HEADER_WORDS = /^(s\.?\s?no\.?|sr\.?\s?no\.?|#|item|items|product|products|name|medicine|description|qty|quantity|particulars)$/i;

type Read = { line: Omit<BasketListLine, 'lineNo'> } | { error: string };

/** Pasted text → list lines and per-line errors. */
export function parseListText(text: string): BasketList {
  const lines: BasketListLine[] = [];
  const errors: BasketLineError[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || /^[#/]/.test(line) || /^[\s\-=_|*.]*$/.test(line)) return;
    const cells = line.split(/[\t;,]/).map((c) => c.trim()).filter(Boolean);
    if (cells.length > 1 && cells.every((c) => HEADER_WORDS.test(c))) return;
    add(lines, errors, index + 1, line, cells.length > 1 ? readCells(cells) : readLine(line));
  });
  return finish(lines, errors);
}

/**
 * Spreadsheet rows (first sheet) → list lines. A header naming a product column and a quantity column (as the stock
 * upload recognises them) decides the columns; without one each row is read like a pasted line.
 */
export function parseListRows(rows: readonly (readonly Cell[])[]): BasketList {
  const lines: BasketListLine[] = [];
  const errors: BasketLineError[] = [];
  let header = -1;
  let nameAt = -1;
  let quantityAt = -1;
  for (let i = 0; i < Math.min(rows.length, 20) && header < 0; i++) {
    const mapping = mappingOf(rows[i]!.map(cellText));
    if (mapping.name !== undefined && mapping.quantity !== undefined) {
      header = i;
      nameAt = mapping.name;
      quantityAt = mapping.quantity;
    }
  }
  rows.forEach((row, index) => {
    if (index <= header) return;
    const cells = row.map(cellText);
    if (cells.every((c) => c === '')) return;
    const shown = cells.filter(Boolean).join(', ');
    if (header < 0) {
      const filled = cells.filter(Boolean);
      add(lines, errors, index + 1, shown, filled.length > 1 ? readCells(filled) : readLine(filled[0]!));
      return;
    }
    const name = cells[nameAt] ?? '';
    const quantity = cells[quantityAt] ?? '';
    if (!name) return add(lines, errors, index + 1, shown, { error: 'No product name in this row' });
    add(lines, errors, index + 1, shown, withQuantity(name, quantity));
  });
  return finish(lines, errors);
}

function add(lines: BasketListLine[], errors: BasketLineError[], lineNo: number, text: string, read: Read): void {
  if ('error' in read) errors.push({ lineNo, text: text.slice(0, 200), message: read.error });
  else lines.push({ lineNo, ...read.line });
}

function finish(lines: BasketListLine[], errors: BasketLineError[]): BasketList {
  if (lines.length > BASKET_LIMITS.maxLines) {
    for (const extra of lines.splice(BASKET_LIMITS.maxLines)) {
      errors.push({ lineNo: extra.lineNo, text: extra.text, message: `A list may have at most ${BASKET_LIMITS.maxLines} lines: split it in two` });
    }
  }
  return { lines, errors: errors.sort((a, b) => a.lineNo - b.lineNo) };
}

function readLine(line: string): Read {
  const trailing = TRAILING.exec(line) ?? TRAILING_UNIT.exec(line);
  if (trailing) return withQuantity(trailing[1]!, trailing[2]!);
  const leading = LEADING.exec(line);
  if (leading) return withQuantity(leading[2]!, leading[1]!);
  return { error: 'Say how many, e.g. "Dolo 650 x 10" or "10 Dolo 650"' };
}

/** Cells of one line: the last cell that is a quantity is the quantity, the other cells name the product. */
function readCells(cells: string[]): Read {
  let at = -1;
  for (let i = cells.length - 1; i >= 0 && at < 0; i--) if (QUANTITY_CELL.test(cells[i]!)) at = i;
  if (at < 0) return readLine(cells.join(' '));
  // A leading serial number ("1, Dolo 650, 10") is not part of the name.
  const rest = cells.filter((_, i) => i !== at && !(i === 0 && /^\d+\.?$/.test(cells[i]!)));
  return withQuantity(rest.join(' '), QUANTITY_CELL.exec(cells[at]!)![1]!);
}

function withQuantity(name: string, quantityText: string): Read {
  const text = name.replace(/\s+/g, ' ').replace(/^[\s\-–—:,.]+|[\s\-–—:,]+$/g, '').trim();
  if (!/[a-z]/i.test(text)) return { error: 'No product name on this line' };
  if (text.length > 200) return { error: 'The product name is longer than 200 characters' };
  const q = quantityText.trim();
  if (!q) return { error: 'No quantity on this line' };
  if (!/^\d+$/.test(q)) return { error: `The quantity "${q}" is not a whole number of packs` };
  const quantity = Number(q);
  if (quantity < 1) return { error: 'The quantity must be at least 1' };
  if (quantity > BASKET_LIMITS.maxQuantity) return { error: `The quantity must be at most ${BASKET_LIMITS.maxQuantity}` };
  return { line: { text, quantity } };
}
