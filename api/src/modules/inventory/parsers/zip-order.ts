/**
 * Puts an XLSX file's worksheets after its other parts, by moving the stored bytes of each part (nothing is inflated).
 *
 * Why: exceljs's streaming reader can only read a worksheet once it has the shared strings. Excel and most writers
 * store the shared strings after the sheets, so the reader parks every sheet it meets first in a temporary file,
 * deleted only if the caller reads the workbook to its end, which the upload does not (the first sheet with rows is
 * enough). Every upload left its sheet, the customer's stock, in the temp directory, with a file descriptor open. In
 * this order the reader streams the sheet straight from the bytes.
 *
 * Where the parts are comes from the zip's central directory (ZIP64 included). A workbook that writes its text
 * inline has no shared strings part: an empty one is put first, so the reader has nothing to wait for. A file whose
 * directory cannot be read, or without the workbook's relationships part, gives null: the caller refuses it.
 */
import { crc32 } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

// The part names exceljs's streaming reader knows (it finds the parts by these names, not by relationships); its
// worksheet pattern is unanchored, and so is this one, so that whatever it takes for a sheet goes last.
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKBOOK_RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const NO_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

interface Part {
  name: string;
  offset: number;
}

export function worksheetsLast(zip: Buffer): Buffer | null {
  const directory = centralDirectory(zip);
  if (!directory) return null;
  const parts = readParts(zip, directory);
  if (!parts?.some((p) => p.name === WORKBOOK_RELATIONSHIPS)) return null;
  parts.sort((a, b) => a.offset - b.offset);
  const first = parts[0]?.offset ?? directory.offset;
  const spans = parts.map((part, i) => ({ name: part.name, bytes: zip.subarray(part.offset, parts[i + 1]?.offset ?? directory.offset) }));
  const sheets = spans.filter((s) => WORKSHEET.test(s.name));
  const others = spans.filter((s) => !WORKSHEET.test(s.name));
  const added = parts.some((p) => p.name === SHARED_STRINGS) ? [] : [storedPart(SHARED_STRINGS, Buffer.from(NO_SHARED_STRINGS))];
  // The central directory stays at the end: the streaming reader reads through it and stops at its end record.
  return Buffer.concat([zip.subarray(0, first), ...added, ...others.map((s) => s.bytes), ...sheets.map((s) => s.bytes), zip.subarray(directory.offset)]);
}

/** A part stored uncompressed, as a local header and its data (APPNOTE 4.3.7). */
function storedPart(name: string, data: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  header.writeUInt32LE(crc32(data), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

interface Directory {
  offset: number;
  size: number;
  entries: number;
}

function centralDirectory(zip: Buffer): Directory | null {
  const lowest = Math.max(0, zip.length - 22 - MAX_COMMENT);
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) !== END) continue;
    const entries = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 12);
    const offset = zip.readUInt32LE(at + 16);
    if (entries !== U16_MAX && size !== U32_MAX && offset !== U32_MAX) return fits(zip, { offset, size, entries });
    return zip64Directory(zip, at);
  }
  return null;
}

function zip64Directory(zip: Buffer, end: number): Directory | null {
  const locator = end - 20;
  if (locator < 0 || zip.readUInt32LE(locator) !== END64_LOCATOR) return null;
  const at = safeNumber(zip.readBigUInt64LE(locator + 8));
  if (at === null || at + 56 > zip.length || zip.readUInt32LE(at) !== END64) return null;
  const entries = safeNumber(zip.readBigUInt64LE(at + 32));
  const size = safeNumber(zip.readBigUInt64LE(at + 40));
  const offset = safeNumber(zip.readBigUInt64LE(at + 48));
  if (entries === null || size === null || offset === null) return null;
  return fits(zip, { offset, size, entries });
}

function fits(zip: Buffer, directory: Directory): Directory | null {
  return directory.offset + directory.size <= zip.length ? directory : null;
}

function readParts(zip: Buffer, directory: Directory): Part[] | null {
  const parts: Part[] = [];
  let at = directory.offset;
  for (let i = 0; i < directory.entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_HEADER) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > zip.length) return null;
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    let offset: number | null = zip.readUInt32LE(at + 42);
    if (offset === U32_MAX) {
      const sizesInExtra = (zip.readUInt32LE(at + 24) === U32_MAX ? 1 : 0) + (zip.readUInt32LE(at + 20) === U32_MAX ? 1 : 0);
      offset = zip64Offset(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), sizesInExtra);
    }
    if (offset === null || offset + 4 > directory.offset || zip.readUInt32LE(offset) !== LOCAL_HEADER) return null;
    parts.push({ name, offset });
    at = end;
  }
  return parts;
}

/** The local header's offset in a ZIP64 extra field, after the sizes that also overflowed (APPNOTE 4.5.3). */
function zip64Offset(extra: Buffer, sizesBefore: number): number | null {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    const field = at + 4 + sizesBefore * 8;
    if (id === ZIP64_EXTRA) return field + 8 <= at + 4 + length && field + 8 <= extra.length ? safeNumber(extra.readBigUInt64LE(field)) : null;
    at += 4 + length;
  }
  return null;
}

function safeNumber(value: bigint): number | null {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}
