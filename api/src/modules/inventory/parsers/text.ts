import { findHeaderRow, type Cell, type FieldOfHeader } from './header-detect';

const DELIMITERS = ['\t', '|', ',', ';'] as const;
const isSeparatorLine = (line: string) => /^[\s\-=_+|*.]*$/.test(line);

/** Decodes UTF-8 (BOM dropped); text that is not UTF-8 is read as Windows-1252, as older billing tools write it. */
export function decodeText(bytes: Buffer): string {
  const utf8 = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

/** One delimited line → cells; double quotes protect delimiters ("Dolo 650, Tab"). */
function splitDelimited(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === delimiter && !quoted) {
      cells.push(current.trim());
      current = '';
    } else current += ch;
  }
  cells.push(current.trim());
  // "| a | b |" tables: the outer pipes leave empty first and last cells.
  if (delimiter === '|') {
    if (cells[0] === '') cells.shift();
    if (cells.at(-1) === '') cells.pop();
  }
  return cells;
}

/** The delimiter most lines use at least twice; null → fixed-width columns. */
function detectDelimiter(lines: readonly string[]): string | null {
  let best: string | null = null;
  let bestCount = 1;
  for (const d of DELIMITERS) {
    const count = lines.filter((l) => l.split(d).length >= 3).length;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Fixed-width: the header's words (separated by two or more spaces) name the columns; each cut between columns is
 * moved left from the header word's start to the first position blank in every data line (but not into the previous
 * header word), so right-aligned numbers wider than their header land in the right column.
 */
function splitFixedWidth(lines: readonly string[], fieldOf?: FieldOfHeader): Cell[][] {
  const tokenRows = lines.map((l) => (l === '' ? [] : l.trim().split(/\s{2,}/)));
  const headerIndex = findHeaderRow(tokenRows, undefined, fieldOf);
  if (headerIndex < 0) return tokenRows;
  const header = lines[headerIndex]!;
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of header.matchAll(/\S+(?: \S+)*/g)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const data = lines.slice(headerIndex + 1);
  const blankEverywhere = (p: number) => data.every((l) => p >= l.length || l[p] === ' ');
  const cuts = starts.map((start, i) => {
    if (i === 0) return 0;
    for (let p = start; p >= ends[i - 1]!; p--) if (blankEverywhere(p)) return p;
    return start;
  });
  const cut = (line: string) => (line === '' ? [] : cuts.map((c, i) => line.slice(c, cuts[i + 1] ?? undefined).trim()));
  return [...tokenRows.slice(0, headerIndex), cut(header), ...data.map(cut)];
}

/**
 * TXT exports: comma, tab, pipe or semicolon separated, or fixed-width columns. Row i is line i + 1 of the file:
 * blank and separator lines stay as empty rows (skipped later), so problems are reported by the file's line numbers.
 */
export function readText(bytes: Buffer, fieldOf?: FieldOfHeader): Cell[][] {
  const lines = decodeText(bytes)
    .split(/\r\n|\r|\n/)
    .map((l) => (isSeparatorLine(l) ? '' : l));
  const delimiter = detectDelimiter(lines.filter((l) => l !== '').slice(0, 200));
  if (delimiter) return lines.map((l) => (l === '' ? [] : splitDelimited(l, delimiter)));
  return splitFixedWidth(lines.map((l) => l.replace(/\t/g, '    ')), fieldOf);
}
