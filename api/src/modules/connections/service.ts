import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  SELLER_TYPE,
  counterpartTypes,
  type ApproveRequest,
  type CreditTerms,
  type SetCreditTerms,
  type ConnectedUser,
  type ConnectedUserList,
  type ConnectedUsersQuery,
  type ConnectionStatus,
  type ListedType,
  type NearbyQuery,
  type NearbyTraderList,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import { lookupPincode } from '../../data/pincodes';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { ConnectionsTable } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError, accessDenied, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { istDate } from '../search/text';
import { LINKS, notify } from '../notifications/notify';
import { creditTermsOfBuyers } from '../credit/standing';
import * as repo from './repository';

type ConnectionRow = Selectable<ConnectionsTable>;

const UNIQUE_VIOLATION = '23505';
/** Distances are shown in km with one decimal. */
const roundKm = (km: number | null) => (km === null ? null : Math.round(km * 10) / 10);

const conflict = (message: string) => new AppError('E0009', 409, message);
const noLocation = () =>
  new AppError('E0035', 422, 'geolocation data unavailable: your active warehouse has no location, so distances cannot be measured');
const unknownPincode = (pincode: string) =>
  new AppError('E0035', 422, `geolocation data unavailable: pincode ${pincode} is not in our list, so distances cannot be measured from it`, {
    pincode: 'This pincode is not in our list yet: try a nearby head office pincode, or leave it empty',
  });

/** A pincode's post office as the point distances are measured from. */
function pincodeOrigin(pincode: string): repo.Origin {
  const place = lookupPincode(pincode);
  if (!place) throw unknownPincode(pincode);
  return { name: `${place.office}, ${place.city} ${place.pincode}`, latitude: place.latitude, longitude: place.longitude };
}

/**
 * Connections between buyers and sellers (stockists). Every query is scoped to the caller's unit: a connection is
 * found only through the side the caller is on, and only the seller decides approval and access.
 */
export class ConnectionsService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  /** GET b2bapp/v2/{customerType}/{connectedUserType}: the path names the caller's own type and a type it may list. */
  async listConnected(
    caller: Caller,
    params: { customerType: ListedType; connectedUserType: ListedType },
    query: z.output<typeof ConnectedUsersQuery>,
  ): Promise<ConnectedUserList> {
    if (params.customerType !== caller.customerType) throw accessDenied();
    if (!counterpartTypes(caller.customerType).includes(params.connectedUserType)) throw accessDenied();
    const origin = await repo.originOf(this.db, caller.userId, caller.unitId);
    const { items, total } = await repo.listConnected(this.db, {
      unitId: caller.unitId,
      counterpartType: params.connectedUserType,
      origin,
      search: query.search || undefined,
      status: query.status,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
      asOf: istDate(this.config.now()),
    });
    // The terms the caller gives its buyers (credit/standing.ts), on its SELLER-side rows only.
    const terms = await creditTermsOfBuyers(this.db, caller.unitId, items.filter((r) => r.buyer_unit_id !== caller.unitId).map((r) => r.buyer_unit_id));
    return {
      items: items.map(
        (r): ConnectedUser => ({
          connectionId: r.id,
          unitCode: r.unit_code,
          tradeName: r.trade_name,
          customerType: r.customer_type as ConnectedUser['customerType'],
          city: r.city,
          distanceKm: roundKm(r.distance_km),
          callerSide: r.buyer_unit_id === caller.unitId ? 'BUYER' : 'SELLER',
          status: r.status,
          hasAccess: r.has_access,
          requestedAt: r.requested_at.toISOString(),
          decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
          orderCount: r.order_count,
          // bigint sum, read as text: one buyer's orders stay far below 2^53 paise.
          orderValuePaise: Number(r.order_value_paise),
          outstandingPaise: Number(r.outstanding_paise),
          ...(r.buyer_unit_id !== caller.unitId && { creditTerms: terms.get(r.buyer_unit_id) ?? null }),
        }),
      ),
      totalResults: total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * Verified traders of a type near the caller's active warehouse (or the pincode asked about), nearest first, each
   * with the caller's request state.
   */
  async nearby(caller: Caller, query: z.output<typeof NearbyQuery>): Promise<NearbyTraderList> {
    if (!counterpartTypes(caller.customerType).includes(query.type)) throw accessDenied();
    const origin = query.pincode ? pincodeOrigin(query.pincode) : await repo.originOf(this.db, caller.userId, caller.unitId);
    if (!origin) throw noLocation();
    const { items, total } = await repo.listNearby(this.db, {
      unitId: caller.unitId,
      type: query.type,
      origin,
      radiusKm: query.radiusKm,
      search: query.search || undefined,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      origin: origin.name,
      ...(query.pincode ? { originPincode: query.pincode } : {}),
      radiusKm: query.radiusKm,
      items: items.map((r) => {
        const live = r.status === 'PENDING' || r.status === 'APPROVED';
        return {
          unitCode: r.unit_code,
          tradeName: r.trade_name,
          customerType: r.customer_type as ListedType,
          city: r.city,
          distanceKm: roundKm(r.distance_km),
          connection: r.connection_id && r.status ? { connectionId: r.connection_id, status: r.status, hasAccess: r.has_access ?? false } : null,
          canConnect: r.customer_type === SELLER_TYPE && !live,
        };
      }),
      totalResults: total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The caller (buyer) asks a stockist to connect. The seller is told by a CONNECTION_REQUEST notification. With the
   * seller's auto approve on, the request is approved at once WITH access: auto approve means "I accept every
   * verified buyer who asks", and a connection without access shows nothing, so approving without it would only
   * create a second step the seller opted out of. The seller can still take access away per buyer.
   */
  async request(caller: Caller, sellerUnitCode: string): Promise<{ connectionId: string; status: ConnectionStatus; hasAccess: boolean }> {
    const now = this.config.now();
    try {
      return await inTransaction(this.db, async (trx) => {
        const seller = await repo.findUnitByCode(trx, sellerUnitCode);
        // Unverified units are not listed anywhere, so they cannot be asked either.
        if (!seller || !seller.activated || seller.customer_type !== SELLER_TYPE) throw notFound();
        if (seller.id === caller.unitId) throw new AppError('E0001', 400, 'You cannot connect to your own unit', { sellerUnitCode: 'This is your own unit' });
        const buyer = await repo.findUnitById(trx, caller.unitId);
        const existing = await repo.findConnectionBetween(trx, caller.unitId, seller.id);
        if (existing?.status === 'PENDING') throw conflict('You have already asked to connect; the stockist has not answered yet');
        if (existing?.status === 'APPROVED') throw conflict('You are already connected');

        const status: ConnectionStatus = seller.auto_approve ? 'APPROVED' : 'PENDING';
        const hasAccess = seller.auto_approve;
        const decidedAt = seller.auto_approve ? now : null;
        const connectionId = existing?.id ?? randomUUID();
        if (existing) {
          // Asked again after a decline or a disconnect: the same pair keeps one row.
          await repo.updateConnection(trx, existing.id, { status, has_access: hasAccess, requested_at: now, decided_at: decidedAt });
        } else {
          await repo.insertConnection(trx, {
            id: connectionId,
            buyer_unit_id: caller.unitId,
            seller_unit_id: seller.id,
            status,
            has_access: hasAccess,
            requested_at: now,
            decided_at: decidedAt,
          });
        }
        const who = `${buyer.trade_name}, ${buyer.city}`;
        await notify(
          trx,
          { unitIds: [seller.id] },
          {
            type: 'CONNECTION_REQUEST',
            title: seller.auto_approve ? 'New connection (auto approved)' : 'New connection request',
            body: seller.auto_approve
              ? `${who} is now connected and can see your inventory (auto approve is on).`
              : `${who} wants to see your inventory.`,
            // The seller's list of buyers of this type; a request waiting for an answer opens the pending ones.
            link: LINKS.customers(buyer.customer_type, !seller.auto_approve),
          },
          { at: now },
        );
        return { connectionId, status, hasAccess };
      });
    } catch (err) {
      // Two requests for the same pair at once: the unique (buyer, seller) index decides.
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict('You have already asked to connect');
      throw err;
    }
  }

  /** The seller approves a pending request, with or without access to its inventory. */
  async approve(caller: Caller, input: z.output<typeof ApproveRequest>): Promise<void> {
    await this.decide(caller, input.connectionId, 'SELLER', (c) => {
      if (c.status !== 'PENDING') throw conflict('This request is no longer pending');
      return {
        changes: { status: 'APPROVED', has_access: input.grantAccess, decided_at: this.config.now() },
        notice: {
          title: 'Connection approved',
          body: input.grantAccess
            ? (seller) => `${seller} approved your request: you can now see its inventory and order online.`
            : (seller) => `${seller} approved your request, without access to its inventory for now.`,
        },
      };
    });
  }

  async decline(caller: Caller, connectionId: string): Promise<void> {
    await this.decide(caller, connectionId, 'SELLER', (c) => {
      if (c.status !== 'PENDING') throw conflict('This request is no longer pending');
      return {
        changes: { status: 'DECLINED', has_access: false, decided_at: this.config.now() },
        notice: { title: 'Connection request declined', body: (seller) => `${seller} declined your connection request.` },
      };
    });
  }

  /** Either side ends the connection (or the buyer withdraws its request); the buyer loses sight of the stock at once. */
  async disconnect(caller: Caller, connectionId: string): Promise<void> {
    await this.decide(caller, connectionId, 'EITHER', (c) => {
      if (c.status !== 'PENDING' && c.status !== 'APPROVED') throw conflict('This connection has already ended');
      return { changes: { status: 'DISCONNECTED', has_access: false, decided_at: this.config.now() } };
    });
  }

  /** SPEC.md §7 b2bapp/v2/stockist/access and no-access: the seller gives or takes away a connected buyer's access. */
  async setAccess(caller: Caller, connectionId: string, hasAccess: boolean): Promise<void> {
    await this.decide(caller, connectionId, 'SELLER', (c) => {
      if (c.status !== 'APPROVED') throw conflict('Only an approved connection can be given or denied access');
      return {
        changes: { has_access: hasAccess },
        notice: hasAccess
          ? { title: 'Inventory access given', body: (seller) => `${seller} gave you access to its inventory: you can order online.` }
          : { title: 'Inventory access removed', body: (seller) => `${seller} no longer shares its inventory with you.` },
      };
    });
  }

  /**
   * The seller sets a buyer's credit terms (issue 39 item 4), on any connection it is the seller of. They apply from
   * now on: invoices already issued keep their due dates; the next order and invoice read the new terms.
   */
  async setCreditTerms(caller: Caller, input: SetCreditTerms): Promise<CreditTerms> {
    if (!isUuid(input.connectionId)) throw notFound();
    const { connectionId: _id, ...terms } = input;
    await inTransaction(this.db, async (trx) => {
      const connection = await repo.findConnectionOf(trx, input.connectionId, caller.unitId, 'SELLER');
      if (!connection) throw notFound();
      const row = {
        credit_days: terms.creditDays,
        credit_limit_paise: terms.creditLimitPaise,
        block_new_orders: terms.blockNewOrders,
        updated_by: caller.userId,
        updated_at: this.config.now(),
      };
      await trx
        .insertInto('credit_terms')
        .values({ seller_unit_id: caller.unitId, buyer_unit_id: connection.buyer_unit_id, ...row })
        .onConflict((oc) => oc.columns(['seller_unit_id', 'buyer_unit_id']).doUpdateSet(row))
        .execute();
    });
    return terms;
  }

  /** Applies to requests made from now on; requests already pending still wait for the seller's answer. */
  async setAutoApprove(caller: Caller, autoApprove: boolean): Promise<{ autoApprove: boolean }> {
    await repo.setAutoApprove(this.db, caller.unitId, autoApprove);
    return { autoApprove };
  }

  /** Loads the caller's connection (on the given side) in a transaction, applies the change and tells the buyer. */
  private async decide(
    caller: Caller,
    connectionId: string,
    side: 'SELLER' | 'EITHER',
    plan: (c: ConnectionRow) => {
      changes: { status?: ConnectionStatus; has_access?: boolean; decided_at?: Date };
      notice?: { title: string; body: (sellerName: string) => string };
    },
  ): Promise<void> {
    if (!isUuid(connectionId)) throw notFound();
    await inTransaction(this.db, async (trx) => {
      const connection = await repo.findConnectionOf(trx, connectionId, caller.unitId, side);
      if (!connection) throw notFound();
      const { changes, notice } = plan(connection);
      await repo.updateConnection(trx, connection.id, changes);
      if (notice) {
        const seller = await repo.findUnitById(trx, connection.seller_unit_id);
        // The buyer finds the seller among its connected stockists.
        await notify(trx, { unitIds: [connection.buyer_unit_id] }, { type: 'GENERAL', title: notice.title, body: notice.body(seller.trade_name), link: LINKS.stockists }, { at: this.config.now() });
      }
    });
  }
}

