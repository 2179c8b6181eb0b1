import { sql } from 'kysely';
import {
  SELLER_TYPE,
  type BillMatch,
  type BillMatches,
  type BillSide,
  type ConnectParties,
  type ConnectResult,
  type InviteParties,
  type InviteResult,
  type MoveInParties,
  type MoveInPartiesQuery,
  type MoveInParty,
  type NetworkStatus,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import type { SmsSender } from '../auth/sms';
import type { ConnectionsService } from '../connections/service';
import { LINKS, notify } from '../notifications/notify';
import { webOrigin } from '../push/sender';
import { unitsByGstin } from './keys';

/*
 * Joining the network after a move-in (issue 36): the imported parties whose GSTIN is a unit's here are linked to it
 * (and offered a connection), the others may be invited by SMS with a sign-up link filled from the import, and the
 * open bills between two units that both moved in are set against each other.
 */

/** A party is invited (or offered a connection) at most once a day. */
const INVITE_AGAIN_AFTER_MS = 24 * 60 * 60 * 1000;
const MOBILE = /^[6-9]\d{9}$/;

type Skipped = { partyId: string; reason: string }[];

interface PartyState {
  id: string;
  name: string;
  role: 'CUSTOMER' | 'SUPPLIER';
  gstin: string | null;
  phone: string | null;
  pincode: string | null;
  invited_at: Date | null;
  linked_unit_id: string | null;
  linked_code: string | null;
  linked_name: string | null;
  linked_type: string | null;
  /** The connection between the two units, whichever asked: APPROVED, PENDING, or another status / none. */
  connection: string | null;
  status: NetworkStatus;
  balance_paise: string | number | null;
}

/**
 * A bill number compared across two books: upper case, its letters and digit runs without separators, each run of
 * digits without leading zeros ("INV/26-27/0101" = "inv 26-27 101").
 */
export function billMatchKey(billNumber: string): string {
  const tokens = billNumber.normalize('NFKC').toUpperCase().match(/\p{L}+|\p{N}+/gu) ?? [];
  const key = tokens.map((t) => (/^\d+$/.test(t) ? t.replace(/^0+(?=\d)/, '') : t)).join('·');
  return key || billNumber.trim().toUpperCase();
}

/** The other unit's side of the same bill: what we are owed, it owes. */
const OTHER_SIDE: Record<BillSide, BillSide> = { RECEIVABLE: 'PAYABLE', PAYABLE: 'RECEIVABLE' };

export class MoveInNetwork {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly sms: SmsSender,
    private readonly connections: ConnectionsService,
  ) {}

  /**
   * Links parties imported before their GSTIN's unit joined (the import links the ones already here). Their ledger
   * head stays their own: balances already posted are not moved between heads.
   */
  private async relink(unitId: string): Promise<void> {
    const unlinked = await this.db.selectFrom('book_parties').select(['id', 'gstin']).where('unit_id', '=', unitId).where('linked_unit_id', 'is', null).where('gstin', 'is not', null).execute();
    if (unlinked.length === 0) return;
    const units = await unitsByGstin(this.db, unitId, unlinked.map((p) => p.gstin!));
    for (const p of unlinked) {
      const linked = units.get(p.gstin!.toUpperCase());
      if (linked) await this.db.updateTable('book_parties').set({ linked_unit_id: linked }).where('id', '=', p.id).where('linked_unit_id', 'is', null).execute();
    }
  }

  /** The unit's imported parties with their place in the network; `ids` narrows to those (invite, connect). */
  private async states(unitId: string, ids?: readonly string[]): Promise<PartyState[]> {
    const since = new Date(this.config.now().getTime() - INVITE_AGAIN_AFTER_MS);
    const { rows } = await sql<PartyState>`
      SELECT p.id, p.name, p.role, p.gstin, p.phone, p.pincode, p.invited_at, p.linked_unit_id, p.file_balance_paise AS balance_paise,
             u.unit_code AS linked_code, u.trade_name AS linked_name, u.customer_type AS linked_type, c.status AS connection,
             CASE WHEN p.linked_unit_id IS NULL THEN (CASE WHEN p.invited_at IS NULL THEN 'NOT_ON_PLATFORM' ELSE 'INVITED' END)
                  WHEN c.status = 'APPROVED' THEN 'CONNECTED'
                  WHEN c.status = 'PENDING' OR p.invited_at > ${since} THEN 'REQUESTED'
                  ELSE 'ON_PLATFORM' END AS status
      FROM book_parties p
      LEFT JOIN units u ON u.id = p.linked_unit_id
      LEFT JOIN LATERAL (
        SELECT status FROM connections
        WHERE (buyer_unit_id = ${unitId}::uuid AND seller_unit_id = p.linked_unit_id) OR (seller_unit_id = ${unitId}::uuid AND buyer_unit_id = p.linked_unit_id)
        ORDER BY (status = 'APPROVED') DESC, (status = 'PENDING') DESC LIMIT 1
      ) c ON true
      WHERE p.unit_id = ${unitId}::uuid ${ids ? sql`AND p.id = ANY(${[...ids]}::uuid[])` : sql``}
      ORDER BY lower(p.name), p.role, p.id`.execute(this.db);
    return rows;
  }

  async parties(caller: Caller, query: z.output<typeof MoveInPartiesQuery>): Promise<MoveInParties> {
    await this.relink(caller.unitId);
    const all = await this.states(caller.unitId);
    const q = query.q?.toLowerCase();
    const shown = all.filter((p) => (!query.status || p.status === query.status) && (!q || p.name.toLowerCase().includes(q) || p.gstin?.toLowerCase().includes(q)));
    const page = shown.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
    return {
      items: page.map(
        (p): MoveInParty => ({
          partyId: p.id,
          name: p.name,
          role: p.role,
          gstin: p.gstin,
          phone: p.phone,
          linkedUnitCode: p.linked_code,
          linkedUnitName: p.linked_name,
          status: p.status,
          invitedAt: p.invited_at ? p.invited_at.toISOString() : null,
          balancePaise: Number(p.balance_paise ?? 0),
        }),
      ),
      total: shown.length,
      onPlatform: all.filter((p) => p.linked_unit_id !== null).length,
      invitable: all.filter((p) => p.linked_unit_id === null && p.phone !== null && MOBILE.test(p.phone)).length,
    };
  }

  /** Claims the parties for a message now (invited_at), unless one went out within the day; the claimed come back. */
  private async claim(unitId: string, ids: readonly string[]): Promise<Map<string, Date | null>> {
    const now = this.config.now();
    const since = new Date(now.getTime() - INVITE_AGAIN_AFTER_MS);
    return inTransaction(this.db, async (trx) => {
      // Row locks order two owners' presses: the second re-reads invited_at after the first commits and skips.
      const before = await trx.selectFrom('book_parties').select(['id', 'invited_at']).where('unit_id', '=', unitId).where('id', 'in', [...ids]).forUpdate().execute();
      const due = before.filter((p) => p.invited_at === null || p.invited_at <= since);
      if (due.length) await trx.updateTable('book_parties').set({ invited_at: now }).where('id', 'in', due.map((p) => p.id)).execute();
      return new Map(due.map((p) => [p.id, p.invited_at]));
    });
  }

  /** A message that did not go out: the party may be invited again at once. */
  private async unclaim(partyId: string, previous: Date | null): Promise<void> {
    await this.db.updateTable('book_parties').set({ invited_at: previous }).where('id', '=', partyId).execute();
  }

  /** The sign-up page (the web app's origin: the first CORS origin) with the party's details filled in. */
  private signUpLink(p: PartyState, inviterCode: string): string {
    const params = new URLSearchParams({ name: p.name, mobile: p.phone ?? '', ...(p.gstin ? { gstin: p.gstin } : {}), ...(p.pincode ? { pincode: p.pincode } : {}), ref: inviterCode });
    // The site's https origin; locally (plain http) the first allowed origin, the shell's dev server.
    return `${webOrigin(this.config.corsOrigins) ?? this.config.corsOrigins[0] ?? ''}/registration?${params.toString()}`;
  }

  /** SMS invitations to parties not on the platform that have a mobile number; never twice within a day. */
  async invite(caller: Caller, input: InviteParties): Promise<InviteResult> {
    const ids = [...new Set(input.partyIds)];
    const states = new Map((await this.states(caller.unitId, ids)).map((p) => [p.id, p]));
    const skipped: Skipped = [];
    const candidates: string[] = [];
    for (const id of ids) {
      const p = states.get(id);
      if (!p) skipped.push({ partyId: id, reason: 'Not one of your imported parties' });
      else if (p.linked_unit_id) skipped.push({ partyId: id, reason: `Already on Medico as ${p.linked_name}: send a connection request instead` });
      else if (!p.phone || !MOBILE.test(p.phone)) skipped.push({ partyId: id, reason: 'No mobile number to send the invitation to' });
      else candidates.push(id);
    }
    const claimed = candidates.length ? await this.claim(caller.unitId, candidates) : new Map<string, Date | null>();
    const inviter = await this.db.selectFrom('units').select(['trade_name', 'unit_code']).where('id', '=', caller.unitId).executeTakeFirstOrThrow();
    let invited = 0;
    for (const id of candidates) {
      const p = states.get(id)!;
      if (!claimed.has(id)) {
        skipped.push({ partyId: id, reason: 'Invited less than a day ago' });
        continue;
      }
      const text = `Medico: ${inviter.trade_name} now keeps its books and orders on Medico and invites ${p.name} to join: see your bills and order online. Sign up: ${this.signUpLink(p, inviter.unit_code)}`;
      try {
        await this.sms.sendText(p.phone!, text);
        invited++;
      } catch {
        await this.unclaim(id, claimed.get(id)!);
        skipped.push({ partyId: id, reason: 'The SMS could not be sent: try again later' });
      }
    }
    return { invited, skipped };
  }

  /**
   * Connection offers to linked parties: to a supplier that sells here, the connections module's request (we buy
   * from it); a customer is told we moved in and list it, so that it asks to see our stock (a buyer asks, the seller
   * approves). Not twice within a day; not to parties already connected or asked.
   */
  async connect(caller: Caller, input: ConnectParties): Promise<ConnectResult> {
    const ids = [...new Set(input.partyIds)];
    const states = new Map((await this.states(caller.unitId, ids)).map((p) => [p.id, p]));
    const skipped: Skipped = [];
    const candidates: string[] = [];
    for (const id of ids) {
      const p = states.get(id);
      if (!p) skipped.push({ partyId: id, reason: 'Not one of your imported parties' });
      else if (!p.linked_unit_id) skipped.push({ partyId: id, reason: 'Not on Medico yet: invite it instead' });
      else if (p.connection === 'APPROVED') skipped.push({ partyId: id, reason: 'Already connected' });
      else if (p.connection === 'PENDING') skipped.push({ partyId: id, reason: 'A connection request is waiting for an answer' });
      else if (p.role === 'SUPPLIER' && p.linked_type !== SELLER_TYPE) skipped.push({ partyId: id, reason: `${p.linked_name} does not sell on Medico` });
      else candidates.push(id);
    }
    const claimed = candidates.length ? await this.claim(caller.unitId, candidates) : new Map<string, Date | null>();
    const me = await this.db.selectFrom('units').select(['trade_name', 'city', 'customer_type']).where('id', '=', caller.unitId).executeTakeFirstOrThrow();
    let requested = 0;
    for (const id of candidates) {
      const p = states.get(id)!;
      if (!claimed.has(id)) {
        skipped.push({ partyId: id, reason: 'Offered a connection less than a day ago' });
        continue;
      }
      try {
        if (p.role === 'SUPPLIER') await this.connections.request(caller, p.linked_code!);
        else {
          const now = this.config.now();
          await notify(
            this.db,
            { unitIds: [p.linked_unit_id] },
            {
              type: 'CONNECTION_REQUEST',
              title: `${me.trade_name} moved its books to Medico`,
              body: `${me.trade_name}, ${me.city} lists you as a customer. Ask to connect to see its stock and order online.`,
              link: me.customer_type === SELLER_TYPE ? LINKS.stockists : LINKS.profile,
            },
            { at: now },
          );
        }
        requested++;
      } catch (error) {
        await this.unclaim(id, claimed.get(id)!);
        skipped.push({ partyId: id, reason: error instanceof AppError ? error.message : 'The request could not be sent: try again later' });
      }
    }
    return { requested, skipped };
  }

  /**
   * Our open bills with each party on the platform against that unit's own imported bills with us: the same bill
   * number (billMatchKey) on the other side, its pending amount equal or not; missing there; or the unit has not moved
   * its bills in at all.
   */
  async billMatches(caller: Caller): Promise<BillMatches> {
    await this.relink(caller.unitId);
    const ours = await this.db
      .selectFrom('opening_bills as b')
      .innerJoin('book_parties as p', 'p.id', 'b.party_id')
      .innerJoin('units as u', 'u.id', 'p.linked_unit_id')
      .select(['b.bill_number', 'b.bill_date', 'b.side', 'b.pending_paise', 'p.name', 'p.linked_unit_id', 'u.unit_code'])
      .where('b.unit_id', '=', caller.unitId)
      .orderBy('u.unit_code')
      .orderBy('b.bill_date')
      .orderBy('b.bill_number')
      .execute();
    const others = [...new Set(ours.map((b) => b.linked_unit_id!))];
    // Their bills with us: under whichever of their parties is linked to our unit.
    const theirs = others.length
      ? await this.db
          .selectFrom('opening_bills as b')
          .innerJoin('book_parties as p', 'p.id', 'b.party_id')
          .select(['b.unit_id', 'b.bill_number', 'b.side', 'b.pending_paise'])
          .where('b.unit_id', 'in', others)
          .where('p.linked_unit_id', '=', caller.unitId)
          .execute()
      : [];
    const movedIn = new Set(
      others.length ? (await this.db.selectFrom('opening_bills').select('unit_id').distinct().where('unit_id', 'in', others).execute()).map((r) => r.unit_id) : [],
    );
    const theirBill = new Map<string, number>();
    for (const b of theirs) theirBill.set(`${b.unit_id}|${b.side}|${billMatchKey(b.bill_number)}`, (theirBill.get(`${b.unit_id}|${b.side}|${billMatchKey(b.bill_number)}`) ?? 0) + Number(b.pending_paise));
    const counts: BillMatches['counts'] = { MATCHED: 0, AMOUNT_DIFFERS: 0, MISSING_THERE: 0, NOT_MOVED_IN: 0 };
    const items = ours.map((b): BillMatch => {
      const side = b.side as BillSide;
      const ourPending = Number(b.pending_paise);
      const their = theirBill.get(`${b.linked_unit_id}|${OTHER_SIDE[side]}|${billMatchKey(b.bill_number)}`);
      const status = !movedIn.has(b.linked_unit_id!) ? 'NOT_MOVED_IN' : their === undefined ? 'MISSING_THERE' : their === ourPending ? 'MATCHED' : 'AMOUNT_DIFFERS';
      counts[status]++;
      return {
        billNumber: b.bill_number,
        billDate: b.bill_date,
        side,
        partyName: b.name,
        partyUnitCode: b.unit_code,
        ourPendingPaise: ourPending,
        theirPendingPaise: their ?? null,
        status,
      };
    });
    return { items, counts };
  }
}
