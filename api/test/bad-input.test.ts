import type { InjectOptions } from 'fastify';
import { CONNECTIONS_PATHS, INVENTORY_PATHS, PATHS, PROFILE_PATHS, REGISTRATION_PATHS, type Session } from 'shared-api';
import type { RouteEntry } from '../src/app';
import { DEMO, bearer, build, login } from './helpers';
import { HEADER, multipart, xlsxOf } from './inventory-fixtures';

/**
 * Issue 11 items 3 and 4: bad input answers 400 E0001, never 500. The NUL walk takes every route from the app's
 * route table and its string fields from the OpenAPI document the app serves, so a route added later is covered.
 */
// With /docs: the walk reads every route's fields from the OpenAPI document (helpers.ts leaves it out by default).
const t = build({ env: { API_DOCS: '1' } });

const NUL_MESSAGE = 'Must not contain a NUL character (\\u0000)';
const WITH_NUL = 'a\u0000b';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
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
  const [stockist, retailer, hospital, employee] = [
    await login(t.app, DEMO.stockist),
    await login(t.app, DEMO.retailer),
    await login(t.app, DEMO.hospital),
    await login(t.app, DEMO.stockistEmployee),
  ];
  /** Someone the route lets in, so the request reaches the input check (which runs after authentication). */
  return (access: RouteEntry['access']): Record<string, string> => {
    if (access.public) return {};
    const types = access.customerTypes === 'ALL' ? ['STOCKIST'] : access.customerTypes;
    const owner: Session = types.includes('STOCKIST') ? stockist : types.includes('RETAILER') ? retailer : hospital;
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
