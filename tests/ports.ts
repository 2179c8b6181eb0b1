import base from './ports.json';

// E2E_PORT_OFFSET moves every test server by the same amount, so two runs on one machine (a clean clone's `npm test`
// and a developer's single spec) never fight over a port. Default 0: the ports of ports.json.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 20_000) throw new Error(`E2E_PORT_OFFSET must be a whole number 0–20000, got "${process.env.E2E_PORT_OFFSET}"`);

export const portOffset = offset;
export const ports = {
  api: base.api + offset,
  apps: Object.fromEntries(Object.entries(base.apps).map(([name, port]) => [name, port + offset])) as { [K in keyof typeof base.apps]: number },
};
