import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';
const NUL_MESSAGE = 'Must not contain a NUL character (\\u0000)';

interface Place {
  key: string;
  parent: Place | null;
}

/** "items.0.name": the dotted path validation errors use (its end only, for an absurdly deep one). */
function nameOf(place: Place | null): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key.replaceAll(NUL, '\\0'));
  const name = keys.reverse().join('.') || 'request';
  return name.length > 200 ? `…${name.slice(-200)}` : name;
}

/**
 * Where a NUL character is in a parsed input (a string, or a key or string anywhere inside objects and arrays);
 * undefined when there is none. A loop with the path kept as links, not recursion building strings: a body nested
 * half a million levels deep costs neither stack nor quadratic memory.
 */
function nulFieldOf(input: unknown): string | undefined {
  const pending: [unknown, Place | null][] = [[input, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, place] = next;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return nameOf(place);
      continue;
    }
    // Bytes (a raw body) are no text field.
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      const at = { key, parent: place };
      if (key.includes(NUL)) return nameOf(at);
      pending.push([inner, at]);
    }
  }
  return undefined;
}

/** For input parsed after fastify's checks (a signed webhook body): 400 E0001 naming the field that holds a NUL. */
export function assertNoNul(input: unknown): void {
  const field = nulFieldOf(input);
  if (field) throw nulRefusal(field);
}

function nulRefusal(field: string, message = NUL_MESSAGE): AppError {
  return new AppError('E0001', 400, `${field}: ${message}`, { [field]: message });
}

function refuseNulPart(part: Multipart): void {
  const field = part.fieldname.replaceAll(NUL, '\\0');
  if (part.fieldname.includes(NUL)) throw nulRefusal(field);
  if (part.type === 'file' && part.filename.includes(NUL)) throw nulRefusal(field, 'The file name must not contain a NUL character (\\u0000)');
  if (part.type === 'field' && nulFieldOf(part.value)) throw nulRefusal(field);
}

async function* checkedParts<T extends Multipart>(parts: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  for await (const part of parts) {
    refuseNulPart(part);
    yield part;
  }
}

/** A multipart form's field names, file names and text fields are checked as its parts are read (routes stream them). */
function checkMultipart(request: FastifyRequest): void {
  const { parts, file, files } = request;
  request.parts = (options) => checkedParts(parts.call(request, options));
  request.files = (options) => checkedParts(files.call(request, options));
  request.file = async (options) => {
    const part = await file.call(request, options);
    if (part) {
      // The text fields that came before the file are in part.fields.
      for (const earlier of Object.values(part.fields).flat()) if (earlier) refuseNulPart(earlier);
      refuseNulPart(part);
    }
    return part;
  };
}

/**
 * PostgreSQL cannot store NUL in text, so a string carrying one would fail deep inside a route with a 500. Every
 * route's input is checked here once, before validation, and refused with 400 E0001 naming the field.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) assertNoNul(input);
    // Decorated only where @fastify/multipart is registered.
    if (typeof request.isMultipart === 'function' && request.isMultipart()) checkMultipart(request);
  });
}
