/*
 * Payment gateway webhooks (issue 15): 10,000 signed deliveries POSTed over HTTP to the real API server
 * (`api/src/server.ts`: routing, the HMAC check, validation, the events of a payee's lane applied together, each
 * payment posted to the payee's books), BENCH_CONCURRENCY (default 20) at a time, in random order:
 *
 *   6,500 captured payments on payment requests (applied)       1,000 captured with an unknown reference (queued)
 *     500 payments that failed and were then captured (failed ignored, capture applied: 1,000 deliveries)
 *     500 stale "failed" events of payments already captured      1,000 redeliveries of events already sent
 *
 * Random order means redeliveries often race their original and stale failures often arrive first. Afterwards,
 * with the server stopped, the database is checked: every distinct captured payment id is exactly one payments row
 * (0 lost, 0 duplicated), every event is recorded once, and the books hold exactly the applied money.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx webhooks.ts   # PostgreSQL 15 (the target: ≥ 500 events/s)
 *   pnpm --filter bench exec tsx webhooks.ts                                 # embedded PGlite on disk
 *
 * BENCH_EVENTS scales the mix (default 10000), BENCH_PAYEES spreads it over that many payee units (default 10);
 * API_WORKERS is passed to the server (default 1).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PAYMENTS_PATHS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, type GatewayEvent, type WebhookAck } from 'shared-api';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { createCustomHead } from '../api/src/modules/ledger/accounts';
import { signWebhook } from '../api/src/modules/reconciliation/gateway';
import { cpuMeter, freePort, httpCall, spawnApi, waitForHealth } from './http';
import { percentile } from './search-latency';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PAYEES = Number(process.env.BENCH_PAYEES ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const DEBTORS_PER_PAYEE = 50;
const SECRET = 'bench-webhook-secret-0123456789abcdef0123';
const GATEWAY = 'gateway';

/** The mix, as shares of EVENTS (see the header). */
const MIX = { applied: 0.65, unknownReference: 0.1, failedThenCaptured: 0.1, staleFailed: 0.05, redelivered: 0.1 };

const payeeVpa = (i: number) => `bench-payee-${i}@okhdfcbank`;

interface Plan {
  deliveries: GatewayEvent[];
  /** Distinct payment ids that were captured: each must end as exactly one payments row. */
  captured: Set<string>;
  expected: Record<WebhookAck['outcome'], number>;
  requests: { id: string; reference: string; payee: number; amountPaise: number }[];
}

let utrCounter = 0;
const nextUtr = () => String(300_000_000_000 + ++utrCounter);

function plan(now: Date): Plan {
  const count = (share: number) => Math.round(EVENTS * share);
  const requests: Plan['requests'] = [];
  const deliveries: GatewayEvent[] = [];
  const captured = new Set<string>();
  const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000).toISOString();
  const capture = (payee: number, reference: string | null, amountPaise: number): GatewayEvent => {
    const e: GatewayEvent = {
      eventId: `evt_${randomUUID()}`,
      type: 'payment.captured',
      paymentId: `pay_${randomUUID()}`,
      amountPaise,
      currency: 'INR',
      reference,
      utr: nextUtr(),
      payeeVpa: payeeVpa(payee),
      payerVpa: `buyer${payee}@okaxis`,
      payerName: `Buyer of payee ${payee}`,
      occurredAt: at(60),
    };
    captured.add(e.paymentId);
    return e;
  };
  const onRequest = (i: number) => {
    const payee = i % PAYEES;
    const request = { id: randomUUID(), reference: `BENCH-${String(i).padStart(6, '0')}`, payee, amountPaise: 10_000 + ((i * 7919) % 90_000) };
    requests.push(request);
    return capture(payee, request.reference, request.amountPaise);
  };
  const applied: GatewayEvent[] = [];
  for (let i = 0; i < count(MIX.applied); i++) applied.push(onRequest(requests.length));
  deliveries.push(...applied);
  for (let i = 0; i < count(MIX.unknownReference); i++) deliveries.push(capture(i % PAYEES, `NOPE-${i}`, 5_000 + i));
  const retried = count(MIX.failedThenCaptured / 2);
  for (let i = 0; i < retried; i++) {
    const e = onRequest(requests.length);
    deliveries.push({ ...e, eventId: `evt_${randomUUID()}`, type: 'payment.failed', utr: null, occurredAt: at(120) }, e);
  }
  for (let i = 0; i < count(MIX.staleFailed); i++) {
    const of = applied[(i * 13) % applied.length]!;
    deliveries.push({ ...of, eventId: `evt_${randomUUID()}`, type: 'payment.failed', utr: null, occurredAt: at(90) });
  }
  const sent = [...deliveries];
  const redelivered = count(MIX.redelivered);
  for (let i = 0; i < redelivered; i++) deliveries.push(sent[(i * 7) % sent.length]!);
  // Fisher–Yates with a fixed LCG: the same order every run.
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  return {
    deliveries,
    captured,
    requests,
    expected: { APPLIED: requests.length, QUEUED: count(MIX.unknownReference), IGNORED: retried + count(MIX.staleFailed), DUPLICATE: redelivered },
  };
}

/** Payee units with a UPI account and debtor heads, and one open payment request per applied payment. */
async function seed(db: Database, p: Plan, now: Date): Promise<string[]> {
  const units: string[] = [];
  for (let i = 0; i < PAYEES; i++) {
    const unit = randomUUID();
    units.push(unit);
    await db.insertInto('units').values({ id: unit, unit_code: `STK-HOOK-${String(i).padStart(3, '0')}`, trade_name: `Webhook Bench Pharma ${i}`, customer_type: 'STOCKIST', activated: true, address_line: '1, Market Yard', city: 'Pune', state: 'Maharashtra', pincode: '411037', created_at: now }).execute();
    await db.insertInto('payout_accounts').values({ id: randomUUID(), unit_id: unit, kind: 'UPI', account_name: `Webhook Bench Pharma ${i}`, vpa: payeeVpa(i), is_default: true, created_at: now }).execute();
  }
  const heads: string[][] = [];
  await db.transaction().execute(async (trx) => {
    for (const unit of units) {
      const ids: string[] = [];
      for (let d = 0; d < DEBTORS_PER_PAYEE; d++) ids.push(await createCustomHead(trx, unit, { name: `Bench Debtor ${d}`, group: 'SUNDRY_DEBTORS' }, now));
      heads.push(ids);
    }
  });
  for (let from = 0; from < p.requests.length; from += 1_000) {
    await db
      .insertInto('payment_requests')
      .values(
        p.requests.slice(from, from + 1_000).map((r, k) => ({
          id: r.id,
          reference: r.reference,
          kind: 'AMOUNT' as const,
          unit_id: units[r.payee]!,
          payee_unit_id: units[r.payee]!,
          payer_unit_id: null,
          party_account_id: heads[r.payee]![(from + k) % DEBTORS_PER_PAYEE]!,
          payee_name: `Webhook Bench Pharma ${r.payee}`,
          payee_vpa: payeeVpa(r.payee),
          payer_name: `Bench Debtor ${(from + k) % DEBTORS_PER_PAYEE}`,
          payer_mobile: null,
          amount_paise: r.amountPaise,
          note: null,
          memo_kind: null,
          memo_number: null,
          memo_date: null,
          image: null,
          image_mime: null,
          status: 'OPEN' as const,
          created_by: null,
          created_at: now,
        })),
      )
      .execute();
  }
  return units;
}





async function verify(db: Database, p: Plan, units: string[]) {
  const payments = await db.selectFrom('payments').select(['provider_payment_id', 'status', 'amount_paise', 'request_id']).where('provider', '=', 'GATEWAY').execute();
  const rowsPerId = new Map<string, number>();
  for (const r of payments) rowsPerId.set(r.provider_payment_id!, (rowsPerId.get(r.provider_payment_id!) ?? 0) + 1);
  const lost = [...p.captured].filter((id) => !rowsPerId.has(id)).length;
  const duplicated = [...rowsPerId.values()].reduce((sum, n) => sum + (n - 1), 0) + [...rowsPerId.keys()].filter((id) => !p.captured.has(id)).length;
  const applied = payments.filter((r) => r.status === 'APPLIED');
  const appliedPaise = applied.reduce((sum, r) => sum + Number(r.amount_paise), 0);
  const allocated = await db.selectFrom('payment_allocations').select((e) => e.fn.coalesce(e.fn.sum<number>('amount_paise'), sql<number>`0`).as('paise')).where('unit_id', 'in', units).executeTakeFirstOrThrow();
  const unpaidRequests = await db.selectFrom('payment_requests').select((e) => e.fn.countAll<number>().as('n')).where('unit_id', 'in', units).where('status', '!=', 'PAID').executeTakeFirstOrThrow();
  const events = await db.selectFrom('gateway_events').select(['outcome', (e) => e.fn.countAll<number>().as('n')]).groupBy('outcome').execute();
  const unbalanced = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT v.id FROM vouchers v JOIN voucher_lines l ON l.voucher_id = v.id
    WHERE v.unit_id IN (${sql.join(units)}) GROUP BY v.id HAVING sum(l.debit_paise) <> sum(l.credit_paise)) x`.execute(db);
  return {
    lost,
    duplicated,
    appliedRows: applied.length,
    unmatchedRows: payments.length - applied.length,
    booksMatch: Number(allocated.paise) === appliedPaise,
    requestsNotPaid: Number(unpaidRequests.n),
    recorded: Object.fromEntries(events.map((e) => [e.outcome, Number(e.n)])),
    unbalancedVouchers: unbalanced.rows[0]!.n,
  };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = databaseUrl ? 'memory' : mkdtempSync(path.join(tmpdir(), 'medico-bench-webhooks-'));
  const now = new Date();
  const p = plan(now);
  let db = await openDatabase({ databaseUrl, pgliteDataDir: dataDir });
  await migrate(db);
  const t0 = performance.now();
  const units = await seed(db, p, now);
  console.log(`${databaseUrl ? 'PostgreSQL server' : 'PGlite on disk'}: ${PAYEES} payees, ${p.requests.length} payment requests seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The embedded database is opened by one process at a time: the server's, while it runs.
  await db.destroy();

  const port = await freePort();
  const api = spawnApi(port, { PGLITE_DATA_DIR: dataDir, PAYMENT_WEBHOOK_SECRET: SECRET, PAYMENT_GATEWAY_NAME: GATEWAY, API_WORKERS: process.env.API_WORKERS ?? '1' });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const outcomes: Record<WebhookAck['outcome'], number> = { APPLIED: 0, QUEUED: 0, DUPLICATE: 0, IGNORED: 0 };
  const latencies: number[] = [];
  const failures: string[] = [];
  let seconds: number;
  let apiCpuMs: number;
  let postgresCpuMs: number | null;
  /** This process's: the gateway's side, on the same two cores. */
  let clientCpuMs: number;
  try {
    await waitForHealth(port);
    const url = PAYMENTS_PATHS.webhook(GATEWAY);
    let next = 0;
    const cpu = cpuMeter(api.pid!);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < p.deliveries.length) {
          const e = p.deliveries[next++]!;
          const raw = JSON.stringify(e);
          const timestamp = String(Math.floor(Date.now() / 1000));
          const t = performance.now();
          const res = await httpCall(port, agent, 'POST', url, { raw, headers: { [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: signWebhook(SECRET, timestamp, raw) } });
          latencies.push(performance.now() - t);
          if (res.status !== 200) failures.push(`${res.status} ${res.body.toString().slice(0, 200)}`);
          else outcomes[(JSON.parse(res.body.toString()) as { body: WebhookAck }).body.outcome]++;
        }
      }),
    );
    seconds = (performance.now() - started) / 1000;
    ({ apiMs: apiCpuMs, postgresMs: postgresCpuMs, clientMs: clientCpuMs } = cpu.perRequest(p.deliveries.length));
  } finally {
    agent.destroy();
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
  }

  db = await openDatabase({ databaseUrl, pgliteDataDir: dataDir });
  const checked = await verify(db, p, units);
  await db.destroy();
  if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  console.log(`failed deliveries: ${failures.length}${failures.length ? ` (first: ${failures[0]})` : ''}`);
  console.log(`answers:  ${JSON.stringify(outcomes)}`);
  console.log(`expected: ${JSON.stringify(p.expected)}`);
  console.log(`recorded events by outcome: ${JSON.stringify(checked.recorded)}`);
  console.log(
    `payments rows: ${checked.appliedRows} applied, ${checked.unmatchedRows} queued; requests not PAID: ${checked.requestsNotPaid}; allocations = applied money: ${checked.booksMatch}; unbalanced vouchers: ${checked.unbalancedVouchers}`,
  );
  console.log(`\n| database | deliveries | concurrency | distinct captured | lost | duplicated | time | events/s | p50 | p95 | CPU per event: API, PostgreSQL, client |\n|---|---|---|---|---|---|---|---|---|---|---|`);
  console.log(
    `| ${databaseUrl ? 'PostgreSQL' : 'PGlite on disk'} | ${p.deliveries.length} | ${CONCURRENCY} | ${p.captured.size} | **${checked.lost}** | **${checked.duplicated}** | ${seconds.toFixed(1)} s | **${(p.deliveries.length / seconds).toFixed(0)}** | ${percentile(latencies, 50).toFixed(1)} ms | ${percentile(latencies, 95).toFixed(1)} ms | ${apiCpuMs.toFixed(2)}, ${postgresCpuMs === null ? '–' : postgresCpuMs.toFixed(2)}, ${clientCpuMs.toFixed(2)} ms |`,
  );
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const ok = failures.length === 0 && checked.lost === 0 && checked.duplicated === 0 && JSON.stringify(outcomes) === JSON.stringify({ ...outcomes, ...p.expected });
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
