import { cacheRuleOf } from './cache-rules';

const SHELL = 'https://portal.medico.example';
const ORDERS = 'https://orders.medico.example';
const API = 'https://api.medico.example';
const get = (url: string, mode = 'no-cors') => cacheRuleOf({ url, method: 'GET', mode }, SHELL);

describe('cacheRuleOf: what the service worker caches, and how', () => {
  it('takes every entry from the network first: remotes.json, main.js and each app’s federation files', () => {
    expect(get(`${SHELL}/remotes.json`, 'cors')).toBe('entry');
    expect(get(`${SHELL}/main.js`)).toBe('entry');
    expect(get(`${ORDERS}/mf-manifest.json`, 'cors')).toBe('entry');
    expect(get(`${ORDERS}/remoteEntry.js`)).toBe('entry');
    // A remote deployed under a path (a CDN folder) is the same.
    expect(get('https://cdn.example/payments/v2/remoteEntry.js')).toBe('entry');
  });

  it('takes content-hashed chunks from the cache first, from any app', () => {
    expect(get(`${SHELL}/400.5d188ba9.js`)).toBe('chunk');
    expect(get(`${ORDERS}/__federation_expose_app.39b1d421.js`)).toBe('chunk');
    // Not a webpack content hash: left to the network.
    expect(get(`${ORDERS}/vendor.js`)).toBeNull();
    expect(get(`${ORDERS}/app.1234567.js`)).toBeNull();
  });

  it('answers page loads network first (the precached index.html offline), its own origin only', () => {
    expect(get(`${SHELL}/app/orders/online-orders?tab=new`, 'navigate')).toBe('page');
    expect(get(`${SHELL}/`, 'navigate')).toBe('page');
    expect(get(`${ORDERS}/`, 'navigate')).toBeNull();
  });

  it('never caches the API, its live stream, uploads, or anything but GET', () => {
    expect(get(`${API}/orders/online?page=1`, 'cors')).toBeNull();
    expect(get(`${API}/notifications/live`, 'cors')).toBeNull();
    expect(get(`${API}/remotes.json`, 'cors')).toBeNull(); // only the shell's own /remotes.json is the config
    expect(cacheRuleOf({ url: `${SHELL}/main.js`, method: 'POST', mode: 'cors' }, SHELL)).toBeNull();
    expect(cacheRuleOf({ url: `${API}/inventory/upload`, method: 'POST', mode: 'cors' }, SHELL)).toBeNull();
    expect(get('chrome-extension://abc/remoteEntry.js')).toBeNull();
    expect(get('not a url')).toBeNull();
  });
});
