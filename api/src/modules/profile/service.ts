import { randomUUID } from 'node:crypto';
import {
  type AddPayoutAccount,
  type PayoutAccount,
  type Preferences,
  type PreferencesUpdate,
  type Profile,
  type Warehouse,
  type WarehouseInput,
} from 'shared-api';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { firstRow, readParts, type Part } from '../../db/parts';
import type { Caller } from '../../http/access';
import { AppError, loggedOut, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AccountService } from '../account/service';
import { LINKS, notify } from '../notifications/notify';
import { addPayoutRow, deletePayoutRow } from '../payments/accounts';
import * as registrations from '../registration/repository';
import { decodeUpload, toApplication } from '../registration/service';
import { istDate } from '../search/text';

const MAX_QR_BYTES = 512 * 1024;

/** '2026-12-25' → '25 Dec 2026' for notification text. */
const dayText = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The unit's seller preferences (the dashboard reads them with its other figures). */
export function preferencesOf(unitId: string): Part<Preferences> {
  return firstRow(
    sql`SELECT minimum_order_paise, whatsapp_number, auto_approve, payment_qr IS NOT NULL AS has_qr FROM units WHERE id = ${unitId}`,
    (row: { minimum_order_paise: number | null; whatsapp_number: string | null; auto_approve: boolean; has_qr: boolean } | null) => {
      if (!row) throw loggedOut();
      return { minimumOrderPaise: row.minimum_order_paise, whatsappNumber: row.whatsapp_number, autoApprove: row.auto_approve, hasPaymentQr: row.has_qr };
    },
  );
}

/** Profile details beyond /myaccount, seller preferences, where the unit is paid, and its warehouses. */
export class ProfileService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly account: AccountService,
  ) {}

  async profile(caller: Caller): Promise<Profile> {
    const [application, staff, preferences, credits] = await Promise.all([
      registrations.findByUnit(this.db, caller.unitId),
      registrations.isStaff(this.db, caller.userId),
      this.preferences(caller),
      this.db
        .selectFrom('referral_credits')
        .select(sql<number>`coalesce(sum(deliveries), 0)::int`.as('n'))
        .where('unit_id', '=', caller.unitId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      isStaff: staff,
      application: application ? await toApplication(this.db, application) : null,
      preferences,
      referralFreeDeliveries: credits.n,
    };
  }

  async setTradeTexts(caller: Caller, texts: { tradeHeader: string | null; tradeFooter: string | null }): Promise<Profile> {
    await this.db
      .updateTable('units')
      .set({ trade_header: texts.tradeHeader || null, trade_footer: texts.tradeFooter || null })
      .where('id', '=', caller.unitId)
      .execute();
    return this.profile(caller);
  }

  async preferences(caller: Caller): Promise<Preferences> {
    return (await readParts(this.db, { preferences: preferencesOf(caller.unitId) })).preferences;
  }

  async setPreferences(caller: Caller, input: PreferencesUpdate): Promise<Preferences> {
    await this.db
      .updateTable('units')
      .set({ minimum_order_paise: input.minimumOrderPaise, whatsapp_number: input.whatsappNumber })
      .where('id', '=', caller.unitId)
      .execute();
    return this.preferences(caller);
  }

  async setPaymentQr(caller: Caller, mimeType: string, contentBase64: string): Promise<Preferences> {
    const bytes = decodeUpload(contentBase64, mimeType, MAX_QR_BYTES);
    await this.db.updateTable('units').set({ payment_qr: bytes, payment_qr_mime: mimeType }).where('id', '=', caller.unitId).execute();
    return this.preferences(caller);
  }

  async paymentQr(caller: Caller): Promise<{ dataUrl: string | null }> {
    const row = await this.db.selectFrom('units').select(['payment_qr', 'payment_qr_mime']).where('id', '=', caller.unitId).executeTakeFirst();
    if (!row?.payment_qr || !row.payment_qr_mime) return { dataUrl: null };
    return { dataUrl: `data:${row.payment_qr_mime};base64,${Buffer.from(row.payment_qr).toString('base64')}` };
  }

  async payoutAccounts(caller: Caller): Promise<PayoutAccount[]> {
    const rows = await this.db.selectFrom('payout_accounts').selectAll().where('unit_id', '=', caller.unitId).orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, kind: r.kind, accountName: r.account_name, accountNumber: r.account_number, ifsc: r.ifsc, vpa: r.vpa, isDefault: r.is_default }));
  }

  /**
   * E0060 for a bank account whose number or IFSC is malformed, E0059 for a malformed UPI VPA, E0009 for a VPA
   * already registered. The same rows as payments/upi accounts: the first UPI ID becomes the default.
   */
  async addPayoutAccount(caller: Caller, input: AddPayoutAccount): Promise<PayoutAccount[]> {
    const upi = input.kind === 'UPI';
    await inTransaction(this.db, (trx) =>
      addPayoutRow(
        trx,
        caller.unitId,
        { kind: input.kind, accountName: input.accountName, accountNumber: upi ? null : (input.accountNumber ?? null), ifsc: upi ? null : (input.ifsc ?? null), vpa: upi ? (input.vpa ?? null) : null, makeDefault: false },
        this.config.now(),
      ),
    );
    return this.payoutAccounts(caller);
  }

  /** Deleting the default UPI ID makes the oldest remaining one the default. */
  async deletePayoutAccount(caller: Caller, id: string): Promise<PayoutAccount[]> {
    if (!isUuid(id)) throw notFound();
    await inTransaction(this.db, (trx) => deletePayoutRow(trx, caller.unitId, id));
    return this.payoutAccounts(caller);
  }

  async addWarehouse(caller: Caller, input: WarehouseInput): Promise<Warehouse[]> {
    await this.db
      .insertInto('warehouses')
      .values({
        id: randomUUID(),
        unit_id: caller.unitId,
        display_name: input.displayName,
        city: input.city,
        address_line: input.addressLine,
        pincode: input.pincode,
        latitude: input.latitude,
        longitude: input.longitude,
        created_at: this.config.now(),
      })
      .execute();
    return this.account.warehouses(caller);
  }

  async editWarehouse(caller: Caller, id: string, input: WarehouseInput): Promise<Warehouse[]> {
    if (!isUuid(id)) throw notFound();
    const result = await this.db
      .updateTable('warehouses')
      .set({
        display_name: input.displayName,
        city: input.city,
        address_line: input.addressLine,
        pincode: input.pincode,
        latitude: input.latitude,
        longitude: input.longitude,
      })
      .where('id', '=', id)
      .where('unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound();
    return this.account.warehouses(caller);
  }

  /**
   * Closes the warehouse through a day (inclusive) with a note, or opens it again (closedUntil null). Each connected
   * buyer unit gets one STORE_CLOSED notice when the warehouse closes or the day it reopens changes; a changed note
   * alone, or reopening, tells no one. In one transaction with the warehouse row locked, so two owners saving at
   * once notify once.
   */
  async setWarehouseClosure(caller: Caller, id: string, input: { closedUntil: string | null; note: string }): Promise<Warehouse[]> {
    if (!isUuid(id)) throw notFound();
    const now = this.config.now();
    const today = istDate(now);
    if (input.closedUntil !== null && input.closedUntil < today) {
      throw new AppError('E0001', 400, 'The warehouse can be closed from today on', { closedUntil: 'Pick today or a later day' });
    }
    await inTransaction(this.db, async (trx) => {
      const warehouse = await trx
        .selectFrom('warehouses')
        .select(['id', 'display_name', 'closed_until'])
        .where('id', '=', id)
        .where('unit_id', '=', caller.unitId)
        .forUpdate()
        .executeTakeFirst();
      if (!warehouse) throw notFound();
      const closing = input.closedUntil;
      await trx
        .updateTable('warehouses')
        .set({ closed_until: closing, closed_note: closing === null ? null : input.note })
        .where('id', '=', warehouse.id)
        .execute();
      const wasClosedUntil = warehouse.closed_until !== null && warehouse.closed_until >= today ? warehouse.closed_until : null;
      if (closing === null || closing === wasClosedUntil) return;
      const [seller, buyers] = await Promise.all([
        trx.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow(),
        // Buyers only: a season boy's connection makes him a carrier of the seller, not a customer.
        trx
          .selectFrom('connections as c')
          .innerJoin('units as u', 'u.id', 'c.buyer_unit_id')
          .select('c.buyer_unit_id')
          .where('c.seller_unit_id', '=', caller.unitId)
          .where('c.status', '=', 'APPROVED')
          .where('u.customer_type', '!=', 'SEASON_BOY')
          .execute(),
      ]);
      await notify(
        trx,
        { unitIds: buyers.map((b) => b.buyer_unit_id) },
        {
          type: 'STORE_CLOSED',
          title: `${seller.trade_name}: ${warehouse.display_name} closed until ${dayText(closing)}`,
          body: input.note,
          // The buyer's connected stockists, where it finds another seller meanwhile.
          link: LINKS.stockists,
        },
        { at: now },
      );
    });
    return this.account.warehouses(caller);
  }
}
