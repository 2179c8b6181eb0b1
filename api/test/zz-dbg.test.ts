import { DEMO, bearer, build, login } from './helpers';
const t = build();
it('dbg', async () => {
  t.app.addHook('onError', async (_r, _p, e) => { console.log('ERR', (e as Error).message, (e as {code?: string}).code); });
  const h = bearer(await login(t.app, DEMO.stockist));
  const cases: [string, string, unknown][] = [
    ['POST', '/payments/upi/payment/add', { partyAccountId: '00000000-0000-4000-8000-000000000000', amountPaise: 2 ** 31 }],
    ['POST', '/payments/upi/preview', { direction: 'RECEIVED', partyAccountId: '00000000-0000-4000-8000-000000000000', method: 'UPI', utr: '123456789012', amountPaise: 2 ** 31, paidOn: '2026-11-22' }],
    ['POST', '/payments/upi/preview', { direction: 'RECEIVED', partyAccountId: '00000000-0000-4000-8000-000000000000', method: 'UPI', utr: '123456789012', amountPaise: 100, paidOn: '9999-12-31' }],
    ['GET', '/purchases/ledgers/profit-loss?from=9999-12-31', undefined],
    ['GET', '/purchases/ledgers/profit-loss?from=0001-01-01', undefined],
    ['GET', '/purchases/outward-stock?from=0001-01-01', undefined],
  ];
  for (const [method, url, payload] of cases) {
    const r = await t.app.inject({ method: method as 'GET', url, headers: h, payload: payload as object });
    console.log(url, r.statusCode, r.body.slice(0, 150));
  }
});
