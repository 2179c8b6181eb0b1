import Fastify, { type InjectOptions } from 'fastify';
import { sql } from 'kysely';
import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  CONNECTIONS_PATHS,
  INVENTORY_PATHS,
  MOVE_IN_PATHS,
  PATHS,
  PAYMENTS_PATHS,
  PROFILE_PATHS,
  REGISTRATION_PATHS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type Session,
} from 'shared-api';
import type { RouteEntry } from '../src/app';
import { registerErrorHandlers } from '../src/http/error-handler';
import { signWebhook } from '../src/modules/reconciliation/gateway';
import { DEMO, bearer, build, login } from './helpers';
import { HEADER, multipart, xlsxOf } from './inventory-fixtures';

/**
 * Issue 11 items 3 and 4: bad input answers 400 E0001, never 500. The NUL walk takes every route from the app's
 * route table and its string fields from the OpenAPI document the app serves, so a route added later is covered.
 */
// With /docs: the walk reads every route's fields from the OpenAPI document (helpers.ts leaves it out by default).
const WEBHOOK_SECRET = 'bad-input-webhook-secret-of-32-characters';
const t = build({ env: { API_DOCS: '1', PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET } });

const NUL_MESSAGE = 'Must not contain a NUL character (\\u0000)';
const WITH_NUL = 'a\u0000b';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
}
interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const isString = (s: JsonSchema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

/** Paths (key lists, '[]' for an array element) of every string a JSON schema allows, nested ones included. */
function stringPaths(schema: JsonSchema, at: string[] = [], depth = 0): string[][] {
  if (depth > 6) return [];
  const found: string[][] = isString(schema) ? [at] : [];
  for (const [key, inner] of Object.entries(schema.properties ?? {})) found.push(...stringPaths(inner, [...at, key], depth + 1));
  if (schema.items) found.push(...stringPaths(schema.items, [...at, '[]'], depth + 1));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) found.push(...stringPaths(branch, at, depth + 1));
  return found;
}

/** A body holding only `value` at `path`: the check runs before validation, so nothing else is needed. */
function bodyWith(path: string[], value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return head === '[]' ? [inner] : { [head]: inner };
}

const fieldName = (path: string[]) => path.map((p) => (p === '[]' ? '0' : p)).join('.');

async function sessions() {
  const [stockist, retailer, hospital, employee, staff] = [
    await login(t.app, DEMO.stockist),
    await login(t.app, DEMO.retailer),
    await login(t.app, DEMO.hospital),
    await login(t.app, DEMO.stockistEmployee),
    await login(t.app, DEMO.staff),
  ];
  /** Someone the route lets in, so the request reaches the input check (which runs after authentication). */
  return (access: RouteEntry['access']): Record<string, string> => {
    if (access.public) return {};
    const types = access.customerTypes === 'ALL' ? ['STOCKIST'] : access.customerTypes;
    const owner: Session = types.includes('STOCKIST') ? stockist : types.includes('RETAILER') ? retailer : types.includes('HOSPITAL') ? hospital : staff;
    const asOwner = access.roles === 'ALL' || access.roles.includes('OWNER');
    return bearer(asOwner ? owner : employee);
  };
}

describe('NUL characters in string input (issue 11, item 3)', () => {
  it('refuses a NUL in every string field of every route (body, query, path) with 400 E0001 naming the field, never 500', async () => {
    const headersFor = await sessions();
    await t.app.ready();
    const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const checked = { routes: new Set<string>(), body: 0, query: 0, path: 0 };

    for (const route of t.app.routeTable) {
      const operation = spec.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) continue;
      const label = `${route.method} ${route.url}`;
      const requests: { field: string; where: 'body' | 'query' | 'path'; options: Omit<InjectOptions, 'method' | 'headers'> }[] = [];
      const url = (nulParam?: string) => route.url.replace(/:(\w+)/g, (_, name: string) => (name === nulParam ? 'a%00b' : '00000000-0000-4000-8000-000000000000'));
      for (const param of operation.parameters ?? []) {
        if (!isString(param.schema)) continue;
        if (param.in === 'query') requests.push({ field: param.name, where: 'query', options: { url: url(), query: { [param.name]: WITH_NUL } } });
        if (param.in === 'path') requests.push({ field: param.name, where: 'path', options: { url: url(param.name) } });
      }
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const seen = new Set<string>();
      for (const path of bodySchema ? stringPaths(bodySchema) : []) {
        const field = fieldName(path);
        if (seen.has(field)) continue;
        seen.add(field);
        requests.push({ field: field || 'request', where: 'body', options: { url: url(), payload: bodyWith(path, WITH_NUL) as InjectOptions['payload'] } });
      }

      for (const { field, where, options } of requests) {
        const res = await t.app.inject({ method: route.method, headers: headersFor(route.access), ...options });
        expect({ label, field, status: res.statusCode, code: res.json().code, named: res.json().fields?.[field] }).toEqual({
          label,
          field,
          status: 400,
          code: 'E0001',
          named: NUL_MESSAGE,
        });
        checked.routes.add(label);
        checked[where]++;
      }
    }
    // Every kind of input was reached (when written: 54 routes, 19 query, 14 path and 87 body fields).
    expect(checked.routes.size).toBeGreaterThanOrEqual(45);
    expect(checked.query).toBeGreaterThanOrEqual(15);
    expect(checked.path).toBeGreaterThanOrEqual(10);
    expect(checked.body).toBeGreaterThanOrEqual(70);
  });

  it('answers 400 and stores nothing where a NUL reached the database before (otherwise valid requests)', async () => {
    const headersFor = await sessions();
    const owner = headersFor({ public: false, customerTypes: ['STOCKIST'], roles: ['OWNER'], permission: 'OWNER_ONLY' });
    const cases: (InjectOptions & { field: string })[] = [
      { field: 'name', method: 'POST', url: PATHS.addEmployee, payload: { name: 'Ra\u0000vi', mobileNumber: '9822233344', email: 'ravi@example.in' } },
      { field: 'search', method: 'GET', url: INVENTORY_PATHS.all, query: { search: 'dolo\u0000' } },
      { field: 'batchNo', method: 'POST', url: INVENTORY_PATHS.add, payload: { productName: 'Dolo 650', manufacturer: 'Micro Labs', batchNo: 'X\u00001', expiryDate: '2028-01-31', mrpPaise: 100, ptrPaise: 80, quantity: 1 } },
      { field: 'tradeHeader', method: 'POST', url: PROFILE_PATHS.tradeTexts, payload: { tradeHeader: 'Agarwal\u0000 Pharma', tradeFooter: null } },
      { field: 'sellerUnitCode', method: 'POST', url: CONNECTIONS_PATHS.request, payload: { sellerUnitCode: 'STK-THN\u0000-001' } },
    ];
    const before = await stored();
    for (const { field, ...request } of cases) {
      const res = await t.app.inject({ ...request, headers: owner });
      expect({ url: request.url, status: res.statusCode, body: res.json() }).toEqual({
        url: request.url,
        status: 400,
        body: { type: 'error', code: 'E0001', message: `${field}: ${NUL_MESSAGE}`, fields: { [field]: NUL_MESSAGE } },
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('checks multipart forms too: a NUL in a text field or in the file name', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    const file = await xlsxOf([HEADER, ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'NUL-1', '03/28', '33.60', '26.88', 100, '', '3004', '5']]);
    const send = (name: string, fields: Record<string, string>) => {
      const form = multipart(name, file, fields);
      return t.app.inject({ method: 'POST', url: INVENTORY_PATHS.uploadImport, headers: { ...headers, ...form.headers }, payload: form.payload });
    };
    const before = await stored();
    const badName = await send('stock\u0000.xlsx', { mode: 'ADD' });
    expect([badName.statusCode, badName.json()]).toEqual([
      400,
      { type: 'error', code: 'E0001', message: 'file: The file name must not contain a NUL character (\\u0000)', fields: { file: 'The file name must not contain a NUL character (\\u0000)' } },
    ]);
    const badField = await send('stock.xlsx', { mode: 'ADD\u0000' });
    expect([badField.statusCode, badField.json().fields]).toEqual([400, { mode: NUL_MESSAGE }]);
    // The seller's product picks (issue 36): JSON ItemPick[] or a 400 naming the field.
    const badPicks = await send('stock.xlsx', { mode: 'ADD', picks: '[{"itemKey":"dolo","productId":42}]' });
    expect([badPicks.statusCode, badPicks.json().code, Object.keys(badPicks.json().fields ?? {})]).toEqual([400, 'E0001', ['picks']]);
    expect(await stored()).toEqual(before);
    // The same form without the NUL is imported.
    const imported = await send('stock.xlsx', { mode: 'ADD' });
    expect([imported.statusCode, imported.json().body]).toMatchObject([200, { rowsImported: 1 }]);
  });
});

async function stored() {
  const count = async (table: 'users' | 'inventory_batches' | 'inventory_imports' | 'connections') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const unit = await t.db.selectFrom('units').select(['trade_header']).where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
  return { users: await count('users'), batches: await count('inventory_batches'), imports: await count('inventory_imports'), connections: await count('connections'), unit };
}

describe('truncated multipart bodies (issue 11, item 4)', () => {
  it('answers 400 E0001 with a clear message to an upload form cut off anywhere, or sent without a boundary', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    const file = await xlsxOf([HEADER, ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'CUT-1', '03/28', '33.60', '26.88', 100, '', '3004', '5']]);
    const form = multipart('stock.xlsx', file, { mode: 'ADD' });
    const before = await stored();
    const cuts = [40, 90, 150, 200, 300, Math.floor(form.payload.length / 2), form.payload.length - 200, form.payload.length - 10, form.payload.length - 3];
    for (const url of [INVENTORY_PATHS.uploadPreview, INVENTORY_PATHS.uploadImport]) {
      for (const cut of cuts) {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload.subarray(0, cut) });
        expect({ url, cut, status: res.statusCode, code: res.json().code, message: res.json().message }).toEqual({
          url,
          cut,
          status: 400,
          code: 'E0001',
          message: 'The upload arrived incomplete or malformed (the form was cut off or has no boundary): please send it again',
        });
      }
      const noBoundary = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: form.payload });
      expect([noBoundary.statusCode, noBoundary.json().code]).toEqual([400, 'E0001']);
    }
    expect(await stored()).toEqual(before);
    // The whole form is imported.
    const whole = await t.app.inject({ method: 'POST', url: INVENTORY_PATHS.uploadImport, headers: { ...headers, ...form.headers }, payload: form.payload });
    expect(whole.json().body).toMatchObject({ rowsImported: 1 });
  });

  it('answers 400 E0001 to a cut-off registration document (a JSON upload)', async () => {
    const whole = JSON.stringify({ kind: 'DRUG_LICENCE_1', fileName: 'dl.pdf', mimeType: 'application/pdf', contentBase64: Buffer.from('%PDF-1.4\n').toString('base64') });
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.uploadLicence,
      headers: { 'content-type': 'application/json', 'x-registration-token': 'any' },
      payload: whole.slice(0, whole.length - 12),
    });
    expect([res.statusCode, res.json().type, res.json().code]).toEqual([400, 'error', 'E0001']);
  });
});

/*
 * Issue 33 item 8: every field of every route (body, query, path, read from the OpenAPI document) gets the values
 * that answered 500 before: ids that are no UUID, numbers past int4 and past any column, negative and fractional
 * paise, impossible and far dates, a lone UTF-16 surrogate, a deeply nested object. Each is sent inside an otherwise
 * plausible request (the other required fields filled from their schemas), so it reaches the handler and the
 * database when validation lets it through. Any answer but a 5xx passes: 4xx where the value is bad, 2xx where it
 * is fine.
 */
const A_UUID = '00000000-0000-4000-8000-000000000000';
const LONE_SURROGATE = 'a\ud800b';
/** A lone surrogate as it arrives in a URL (its WTF-8 bytes, percent-encoded): no UTF-8 decoder makes it text. */
const LONE_SURROGATE_IN_URL = 'a%ED%A0%80b';
const DEEP = (() => {
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 2000; i++) deep = { a: deep };
  return deep;
})();
/** Strings that satisfy the contracts' patterns (a date, a month, a financial year, a mobile, a pincode, a GSTIN...). */
const PATTERN_SAMPLES = ['2026-11-22', '2026-11', '2025-26', '9822233344', '400001', '27AAAPA1234A1Z5', '123456789012', '1234', '12', 'ABC'];
/** Plausible values by field name, where a pattern or a rule in code wants more than any string (ids: filled in from the demo data). */
const NAMED: Record<string, unknown> = {
  pincode: '411001',
  vpa: 'walk@okaxis',
  utr: '123456789012',
  vehicleNumber: 'MH12AB1234',
  financialYear: '2025-26',
  ifsc: 'HDFC0000001',
  accountNumber: '123456789012',
};
/** What a route needs beyond its schema's required fields to get past its own rules, so a hostile value reaches the work. */
const PLAUSIBLE: Record<string, { body?: Record<string, unknown>; query?: Record<string, unknown> }> = {
  'POST /tenants/inventory/add': { body: { expiryDate: '2028-01-31', mrpPaise: 10_000, ptrPaise: 8_000 } },
  'POST /payments/upi/payment/add': { body: { amountPaise: 100 } },
  'POST /payments/upi/preview': { body: { utr: '123456789012' } },
  'POST /payments/upi/submit': { body: { utr: '123456789012' } },
  'POST /payments/upi/requests/:requestId/pay': { body: { utr: '123456789012' } },
  'POST /purchases/invoices/manual': { body: { supplierState: '27' } },
  'POST /purchases/outward-stock/add': { body: { partyName: 'Walk' } },
  'POST /b2bapp/group/warehouses/:id/closed': { body: { note: 'Walk' } },
  'POST /purchases/sales/instore-preview': { body: { buyer: { walkInName: 'Walk' } } },
  'POST /purchases/sales/instore': { body: { buyer: { walkInName: 'Walk' } } },
  'POST /purchases/sales/quotations': { body: { buyer: { walkInName: 'Walk' } } },
  'GET /purchases/outward-stock/batches': { query: { q: 'dolo' } },
  'GET /purchases/sales/returnable': { query: { invoiceNumber: 'INV/26-27/000001' } },
};
/** Routes the walk leaves out: the walk would sign its own callers out, or open a stream that never ends. */
const NOT_WALKED = new Set(['POST /medico/logout', 'GET /notifications/live']);

const SAFETY_NET_MESSAGE = 'A value in the request is out of range or not of the right kind';

const is = (schema: JsonSchema, type: string) => schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/** A plausible value for a schema: its required fields only, the first enum value, a string its pattern accepts. */
function sample(schema: JsonSchema, depth = 0, name = ''): unknown {
  if (depth > 8) return undefined;
  if (name in NAMED) return NAMED[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branch = (schema.anyOf ?? schema.oneOf)?.find((b) => !is(b, 'null'));
  if (branch) return sample(branch, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((b) => sample(b, depth + 1)));
  if (is(schema, 'object') || schema.properties) {
    const object: Record<string, unknown> = {};
    for (const key of schema.required ?? []) if (schema.properties?.[key]) object[key] = sample(schema.properties[key], depth + 1, key);
    return object;
  }
  if (is(schema, 'array')) return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sample(schema.items ?? {}, depth + 1, name));
  if (is(schema, 'integer') || is(schema, 'number')) {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    return Math.min(Math.max(min, 1), schema.maximum ?? Infinity);
  }
  if (is(schema, 'boolean')) return false;
  if (is(schema, 'string')) {
    if (schema.format === 'uuid') return A_UUID;
    if (schema.format === 'email') return 'walk@example.in';
    if (schema.format === 'date-time') return new Date('2026-11-22T04:30:00.000Z').toISOString();
    const fits = (v: string) => v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern).test(v));
    return [...(schema.pattern ? PATTERN_SAMPLES : []), 'Walk', 'Walk sample text'].find(fits) ?? 'W'.repeat(schema.minLength ?? 1);
  }
  return null;
}

interface Field {
  path: string[];
  schema: JsonSchema;
  /** The whole input with `value` at this field and plausible values elsewhere. */
  build: (value: unknown) => unknown;
}

/** Every field of an input schema (objects and arrays too, for the deep nesting), each with a way to fill it. */
function fieldsOf(schema: JsonSchema, depth = 0): Field[] {
  if (depth > 6 || is(schema, 'null')) return [];
  const found: Field[] = [{ path: [], schema, build: (value) => value }];
  for (const [key, inner] of Object.entries(schema.properties ?? {})) {
    for (const field of fieldsOf(inner, depth + 1)) {
      found.push({ path: [key, ...field.path], schema: field.schema, build: (value) => ({ ...(sample(schema) as object), [key]: field.build(value) }) });
    }
  }
  if (schema.items) for (const field of fieldsOf(schema.items, depth + 1)) found.push({ path: ['[]', ...field.path], schema: field.schema, build: (value) => [field.build(value)] });
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) found.push(...fieldsOf(branch, depth + 1).filter((f) => f.path.length > 0));
  for (const [i, branch] of (schema.allOf ?? []).entries()) {
    const others = () => Object.assign({}, ...(schema.allOf ?? []).filter((_, j) => j !== i).map((b) => sample(b)));
    for (const field of fieldsOf(branch, depth + 1).filter((f) => f.path.length > 0)) found.push({ ...field, build: (value) => ({ ...others(), ...(field.build(value) as object) }) });
  }
  return found;
}

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const MONTH_PATTERN = /^\^\\d\{4\}-/;

/** The hostile values for a field, by its schema and its name. */
function hostileValues(name: string, schema: JsonSchema): unknown[] {
  const values: unknown[] = [];
  const leafName = name.split('.').pop() ?? '';
  if (is(schema, 'integer') || is(schema, 'number')) values.push(2 ** 31, 1e20, -1, 0.5);
  if (is(schema, 'string') && !schema.enum) {
    values.push(LONE_SURROGATE);
    if (schema.format === 'uuid' || /(^id|Id)$/.test(leafName)) values.push('not-a-uuid');
    if (schema.pattern === DATE_PATTERN || schema.format === 'date' || schema.format === 'date-time' || /(Date|On|At|^from|^to|^asOf|Until)$/.test(leafName)) {
      values.push('2026-13-01', '9999-12-31', '0001-01-01');
    } else if (schema.pattern && MONTH_PATTERN.test(schema.pattern)) values.push('9999-12', '0001-01');
  }
  if (is(schema, 'object') || is(schema, 'array') || schema.type === undefined) values.push(DEEP);
  return values;
}

const inUrl = (value: unknown) => (value === LONE_SURROGATE ? LONE_SURROGATE_IN_URL : encodeURIComponent(String(value)));
const shown = (value: unknown) => (value === DEEP ? '{a:{a:…}} ×2000' : value === LONE_SURROGATE ? 'a\\ud800b' : String(value));

describe('hostile values in every field of every route (issue 33, item 8)', () => {
  it('answers no 5xx to non-UUID ids, huge, negative and fractional numbers, impossible and far dates, lone surrogates and deep nesting', async () => {
    const headersFor = await sessions();
    // A batch of the stockist's with stock to sell: its product and id make counter sales and outward entries go through.
    const batch = await t.db
      .selectFrom('inventory_batches as b')
      .innerJoin('units as u', 'u.id', 'b.unit_id')
      .where('u.unit_code', '=', 'STK-PUN-001')
      .where('b.expiry_date', '>', '2027-06-30')
      .whereRef('b.quantity', '>', 'b.reserved')
      .select(['b.id', 'b.product_id'])
      .orderBy('b.id')
      .executeTakeFirstOrThrow();
    Object.assign(NAMED, { productId: batch.product_id, batchId: batch.id });
    await t.app.ready();
    const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    const checked = { routes: new Set<string>(), requests: 0, body: 0, query: 0, path: 0 };

    for (const route of t.app.routeTable) {
      const operation = spec.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const label = `${route.method} ${route.url}`;
      if (!operation || NOT_WALKED.has(label)) continue;
      const parameters = operation.parameters ?? [];
      const plain = (where: 'query' | 'path') =>
        Object.fromEntries(
          parameters.filter((p) => p.in === where && (where === 'path' || (p as { required?: boolean }).required)).map((p) => [p.name, sample(p.schema, 0, p.name)]),
        );
      const plausible = PLAUSIBLE[label] ?? {};
      const urlWith = (where?: 'query' | 'path', name?: string, value?: unknown) => {
        const path = { ...plain('path'), ...(where === 'path' && name ? { [name]: value } : {}) };
        const query = { ...plain('query'), ...plausible.query, ...(where === 'query' && name ? { [name]: value } : {}) };
        const search = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${inUrl(v)}`).join('&');
        return route.url.replace(/:(\w+)/g, (_, p: string) => inUrl(path[p] ?? A_UUID)) + (search ? `?${search}` : '');
      };
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      /** The route's plausible body with `built`'s own top-level field (the one under test) on top. */
      const withPlausible = (built: unknown, key?: string) => {
        if (typeof built !== 'object' || built === null || Array.isArray(built)) return built;
        const own = key === undefined ? {} : { [key]: (built as Record<string, unknown>)[key] };
        return { ...built, ...plausible.body, ...own };
      };
      const body = bodySchema ? withPlausible(sample(bodySchema)) : undefined;
      const requests: { where: 'body' | 'query' | 'path'; field: string; value: unknown; options: Omit<InjectOptions, 'method' | 'headers'> }[] = [];
      for (const p of parameters) {
        if (p.in === 'header') continue;
        for (const value of hostileValues(p.name, p.schema).filter((v) => v !== DEEP)) {
          requests.push({ where: p.in, field: p.name, value, options: { url: urlWith(p.in, p.name, value), payload: body as InjectOptions['payload'] } });
        }
      }
      const seen = new Set<string>();
      for (const field of bodySchema ? fieldsOf(bodySchema) : []) {
        const name = fieldName(field.path) || 'request';
        for (const value of hostileValues(name, field.schema)) {
          const key = `${name} ${shown(value)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          requests.push({ where: 'body', field: name, value, options: { url: urlWith(), payload: (field.path.length ? withPlausible(field.build(value), field.path[0]) : field.build(value)) as InjectOptions['payload'] } });
        }
      }

      for (const { where, field, value, options } of requests) {
        const res = await t.app.inject({ method: route.method, headers: headersFor(route.access), ...options });
        // The database's refusal mapped to 400 (error-handler.ts) is a safety net only: the contract must refuse first.
        const safetyNet = res.statusCode === 400 && res.json().message === SAFETY_NET_MESSAGE;
        if (res.statusCode >= 500 || safetyNet) failures.push(`${label} ${where} ${field}=${shown(value)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        checked.routes.add(label);
        checked.requests++;
        checked[where]++;
      }
    }
    expect(failures).toEqual([]);
    // Every kind of input was reached.
    expect(checked.routes.size).toBeGreaterThanOrEqual(150);
    expect(checked.query).toBeGreaterThanOrEqual(100);
    expect(checked.path).toBeGreaterThanOrEqual(50);
    expect(checked.body).toBeGreaterThanOrEqual(500);
  }, 600_000);
});

describe('the 500s of issue 33, each a 400 naming the field', () => {
  const A_PARTY = '00000000-0000-4000-8000-000000000001';
  const cases: { item: number; method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown>; field: string }[] = [
    ...(['preview', 'submit'] as const).map((to) => ({
      item: 3,
      method: 'POST' as const,
      url: PAYMENTS_PATHS[to],
      payload: { direction: 'RECEIVED', partyAccountId: 'party-1', method: 'CASH', amountPaise: 100, paidOn: '2026-11-20' },
      field: 'partyAccountId',
    })),
    { item: 3, method: 'POST', url: PAYMENTS_PATHS.createRequest, payload: { partyAccountId: 'party-1', amountPaise: 100 }, field: 'partyAccountId' },
    { item: 3, method: 'POST', url: PAYMENTS_PATHS.createRequest, payload: { partyAccountId: A_PARTY, amountPaise: 100, upiAccountId: 'upi-1' }, field: 'upiAccountId' },
    { item: 3, method: 'POST', url: PAYMENTS_PATHS.createMemo, payload: { kind: 'DELIVERY_MEMO', partyAccountId: 'party-1', partyName: 'Ravi', partyMobile: '9822233344', memoNumber: 'M-1', memoDate: '2026-11-20', amountPaise: 100 }, field: 'partyAccountId' },
    { item: 3, method: 'POST', url: PAYMENTS_PATHS.allocateUnmatched(A_PARTY), payload: { partyAccountId: 'party-1' }, field: 'partyAccountId' },
    ...[
      { mrpPaise: 2 ** 31, field: 'mrpPaise' },
      { ptsPaise: 2 ** 31, field: 'ptsPaise' },
      { expiryDate: '2026-13-01', field: 'expiryDate' },
    ].map(({ field, ...bad }) => ({
      item: 4,
      method: 'POST' as const,
      url: INVENTORY_PATHS.add,
      payload: { productName: 'Dolo 650', manufacturer: 'Micro Labs', batchNo: 'BIG-1', expiryDate: '2028-01-31', mrpPaise: 100, ptrPaise: 80, quantity: 1, ...bad },
      field,
    })),
    { item: 5, method: 'GET', url: `${BOOKS_PATHS.profitAndLoss}?from=9999-12-31`, field: 'from' },
    { item: 6, method: 'POST', url: ACCOUNTING_PATHS.instoreSales, payload: { buyer: { walkInName: 'Ravi \ud800' }, lines: [{ productId: A_PARTY, quantity: 1 }], paymentMode: 'CASH' }, field: 'buyer.walkInName' },
  ];

  it.each(cases)('item $item: $method $url with a bad $field', async ({ method, url, payload, field }) => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    const res = await t.app.inject({ method, url, headers, payload: payload as InjectOptions['payload'] });
    expect({ status: res.statusCode, code: res.json().code, named: typeof res.json().fields?.[field] }).toEqual({ status: 400, code: 'E0001', named: 'string' });
  });

  it('item 6: a lone surrogate in a key or a signed webhook body is refused like a NUL; a surrogate pair is text', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    const key = await t.app.inject({ method: 'POST', url: PROFILE_PATHS.tradeTexts, headers, payload: { ['x\udc00']: 1, tradeHeader: 'A', tradeFooter: null } });
    expect([key.statusCode, key.json().code, Object.keys(key.json().fields)]).toEqual([400, 'E0001', ['x\ufffd']]);
    // An emoji is a well-formed pair: stored as sent.
    const emoji = await t.app.inject({ method: 'POST', url: PROFILE_PATHS.tradeTexts, headers, payload: { tradeHeader: 'Agarwal Pharma 💊', tradeFooter: null } });
    expect(emoji.statusCode).toBe(200);
    expect((await t.db.selectFrom('units').select('trade_header').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow()).trade_header).toBe('Agarwal Pharma 💊');
    const webhook = await sendEvent({ payerName: 'Ravi \ud800' });
    expect([webhook.statusCode, webhook.json().code, webhook.json().fields]).toEqual([
      400,
      'E0001',
      { payerName: 'Must be valid text: it holds half of a UTF-16 surrogate pair (a broken character)' },
    ]);
  });

  it('item 5: a signed gateway event dated in year 9999 is 400 (a gateway stops retrying on a 4xx) and stores nothing', async () => {
    const before = await t.db.selectFrom('gateway_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const occurredAt of ['9999-12-31T00:00:00+05:30', '0001-01-01T00:00:00Z']) {
      const res = await sendEvent({ occurredAt });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'E0001', 'Not a gateway event: occurredAt: Must be a time from 2000 to a year from now']);
    }
    expect(await t.db.selectFrom('gateway_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    // The same event dated now is taken (queued: no request has this reference).
    const ok = await sendEvent({ occurredAt: t.clock.now().toISOString() });
    expect([ok.statusCode, ok.json().body.outcome]).toEqual([200, 'QUEUED']);
  });

  it("maps PostgreSQL's refusal of a value to 400 E0001 as a last safety net (the contracts refuse first)", async () => {
    const app = Fastify();
    registerErrorHandlers(app);
    app.get('/:value', async (request) => sql`SELECT ${(request.params as { value: string }).value}::uuid`.execute(t.db));
    app.get('/big/:value', async (request) => sql`SELECT ${(request.params as { value: string }).value}::int`.execute(t.db));
    app.get('/date/:value', async (request) => sql`SELECT ${(request.params as { value: string }).value}::date`.execute(t.db));
    for (const url of ['/not-a-uuid', '/big/2147483648', '/date/2026-13-01']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { type: 'error', code: 'E0001', message: 'A value in the request is out of range or not of the right kind' }]);
    }
    await app.close();
  });
});

/** A signed gateway event to the stockist's VPA, with `change` on top. */
async function sendEvent(change: Record<string, unknown>) {
  const event = {
    eventId: `evt-${crypto.randomUUID()}`,
    type: 'payment.captured',
    paymentId: `pay-${crypto.randomUUID()}`,
    amountPaise: 10_000,
    currency: 'INR',
    reference: null,
    utr: '612345678901',
    payeeVpa: 'stk-pun-001@okhdfcbank',
    payerVpa: 'ravi@okaxis',
    payerName: 'Ravi',
    occurredAt: t.clock.now().toISOString(),
    ...change,
  };
  const raw = JSON.stringify(event);
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
  return t.app.inject({
    method: 'POST',
    url: PAYMENTS_PATHS.webhook('gateway'),
    headers: { 'content-type': 'application/json', [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, timestamp, raw) },
    payload: raw,
  });
}

describe('move-in files (issue 36)', () => {
  it('answers 400 E0001 naming the field to a wrong kind, no file, a file of another type and a mapping to a column that is not there, storing nothing', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    const parties = Buffer.from('Party Name,Group,Balance\r\nGupta Chemists,Sundry Debtors,"5,000.00 Dr"\r\n');
    const send = (name: string, bytes: Buffer, fields: Record<string, string>) => {
      const form = multipart(name, bytes, fields);
      return t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.imports, headers: { ...headers, ...form.headers }, payload: form.payload });
    };
    const imports = async () => Number((await t.db.selectFrom('move_in_imports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await imports();
    const cases: [string, Promise<{ statusCode: number; json: () => { code: string; message: string; fields?: Record<string, string> } }>, string][] = [
      ['kind', send('parties.csv', parties, { kind: 'LEDGERS' }), 'Say what the file holds: PARTIES, ITEMS, BILLS, TRIAL_BALANCE'],
      ['file', t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.imports, headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nPARTIES\r\n--x--\r\n' }), 'A file must be picked'],
      ['file', send('parties.docx', parties, { kind: 'PARTIES' }), 'parties.docx: only Excel (XLSX, XLS), CSV or Tally XML allowed'],
      ['mapping', send('parties.csv', parties, { kind: 'PARTIES', mapping: JSON.stringify({ name: 0, balance: 9 }) }), 'The mapping puts balance in column 10, but the file has 3 columns'],
    ];
    for (const [field, request, message] of cases) {
      const res = await request;
      expect({ field, status: res.statusCode, code: res.json().code, message: res.json().message, named: typeof res.json().fields?.[field] }).toEqual({ field, status: 400, code: 'E0001', message, named: 'string' });
    }
    expect(await imports()).toBe(before);
  });
});
