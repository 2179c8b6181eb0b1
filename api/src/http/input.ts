import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';
const NUL_MESSAGE = 'Must not contain a NUL character (\\u0000)';
/** A lone surrogate: in `u` mode a well-formed pair is one code point, so only an unpaired half is category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
const SURROGATE_MESSAGE = 'Must be valid text: it holds half of a UTF-16 surrogate pair (a broken character)';

/** Why PostgreSQL could not store this text (NUL, or an unpaired surrogate, which is no Unicode), or undefined. */
function textProblem(text: string, nul = NUL_MESSAGE, surrogate = SURROGATE_MESSAGE): string | undefined {
  if (text.includes(NUL)) return nul;
  return LONE_SURROGATE.test(text) ? surrogate : undefined;
}

interface Place {
  key: string;
  parent: Place | null;
}

/** "items.0.name": the dotted path validation errors use (its end only, for an absurdly deep one). */
function nameOf(place: Place | null): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key.replaceAll(NUL, '\\0').replace(/\p{Cs}/gu, '\uFFFD'));
  const name = keys.reverse().join('.') || 'request';
  return name.length > 200 ? `…${name.slice(-200)}` : name;
}

/**
 * Where text PostgreSQL cannot store (a NUL character, a lone surrogate) is in a parsed input (a string, or a key or
 * string anywhere inside objects and arrays), and why; undefined when there is none. A loop with the path kept as links, not recursion building strings: a body nested
 * half a million levels deep costs neither stack nor quadratic memory.
 */
function badTextOf(input: unknown): { field: string; message: string } | undefined {
  const pending: [unknown, Place | null][] = [[input, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, place] = next;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { field: nameOf(place), message };
      continue;
    }
    // Bytes (a raw body) are no text field.
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      const at = { key, parent: place };
      const message = textProblem(key);
      if (message) return { field: nameOf(at), message };
      pending.push([inner, at]);
    }
  }
  return undefined;
}

/** For input parsed after fastify's checks (a signed webhook body): 400 E0001 naming the field that holds a NUL or a lone surrogate. */
export function assertStorableText(input: unknown): void {
  const bad = badTextOf(input);
  if (bad) throw refusal(bad.field, bad.message);
}

function refusal(field: string, message: string): AppError {
  return new AppError('E0001', 400, `${field}: ${message}`, { [field]: message });
}

function refuseBadPart(part: Multipart): void {
  const field = part.fieldname.replaceAll(NUL, '\\0').replace(/\p{Cs}/gu, '\uFFFD');
  const nameProblem = textProblem(part.fieldname);
  if (nameProblem) throw refusal(field, nameProblem);
  const fileProblem = part.type === 'file' && textProblem(part.filename, 'The file name must not contain a NUL character (\\u0000)', 'The file name must be valid text (it holds a broken character)');
  if (fileProblem) throw refusal(field, fileProblem);
  const valueProblem = part.type === 'field' && badTextOf(part.value);
  if (valueProblem) throw refusal(field, valueProblem.message);
}

async function* checkedParts<T extends Multipart>(parts: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  for await (const part of parts) {
    refuseBadPart(part);
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
      for (const earlier of Object.values(part.fields).flat()) if (earlier) refuseBadPart(earlier);
      refuseBadPart(part);
    }
    return part;
  };
}

/**
 * PostgreSQL cannot store NUL in text, nor an unpaired UTF-16 surrogate (`\ud800` alone is no Unicode: json and
 * text refuse it), so a string carrying one would fail deep inside a route with a 500. Every route's input is
 * checked here once, before validation, and refused with 400 E0001 naming the field.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) assertStorableText(input);
    // Decorated only where @fastify/multipart is registered.
    if (typeof request.isMultipart === 'function' && request.isMultipart()) checkMultipart(request);
  });
}
