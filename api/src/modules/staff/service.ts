import { randomUUID } from 'node:crypto';
import type { Application, ApplicationSummary, CustomerType, RegistrationStatus } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError, accessDenied, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { LINKS, notify } from '../notifications/notify';
import * as registrations from '../registration/repository';
import { toApplication } from '../registration/service';

/** Referral offer (SPEC.md §1): free deliveries credited when an account is activated. */
export const ACTIVATION_FREE_DELIVERIES = 5;

/** The provider's own unit, to which back-office staff belong (see README, Configuration). */
export const PROVIDER_UNIT_CODE = 'MEDICO-OPS';

/**
 * Makes a mobile number a staff login: a user of the provider's back-office unit plus a staff_members row.
 * The back-office unit is a MANUFACTURER-type unit (the customer-type list has no "provider" value); it has no
 * stock, no warehouse trade and is not a marketplace party. Used by the seed and by `pnpm --filter api staff:add`.
 */
export async function addStaff(db: Database, mobile: string, name: string, now: Date): Promise<'added' | 'exists'> {
  return inTransaction(db, (trx) => addStaffIn(trx, mobile, name, now));
}

/** addStaff inside a transaction the caller holds (the demo seed). */
export async function addStaffIn(trx: Database, mobile: string, name: string, now: Date): Promise<'added' | 'exists'> {
  let unit = await trx.selectFrom('units').select('id').where('unit_code', '=', PROVIDER_UNIT_CODE).executeTakeFirst();
  if (!unit) {
    unit = { id: randomUUID() };
    await trx
      .insertInto('units')
      .values({ id: unit.id, unit_code: PROVIDER_UNIT_CODE, trade_name: 'Medico back office', customer_type: 'MANUFACTURER', activated: true, city: 'Pune', created_at: now })
      .execute();
  }
  const existing = await trx.selectFrom('users').select(['id', 'unit_id']).where('mobile', '=', mobile).where('deleted_at', 'is', null).executeTakeFirst();
  if (existing && existing.unit_id !== unit.id) throw new Error(`${mobile} already belongs to a trading account; staff need their own number`);
  const userId = existing?.id ?? randomUUID();
  if (!existing) {
    const [first = name, ...rest] = name.trim().split(/\s+/);
    await trx.insertInto('users').values({ id: userId, unit_id: unit.id, role: 'OWNER', first_name: first, last_name: rest.join(' '), mobile, created_at: now }).execute();
  }
  const inserted = await trx
    .insertInto('staff_members')
    .values({ user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted ? 'added' : 'exists';
}

/** The verification queue: staff see submitted applications with identifiers and documents, approve or reject. */
export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  private async assertStaff(caller: Caller): Promise<void> {
    if (!(await registrations.isStaff(this.db, caller.userId))) throw accessDenied();
  }

  async queue(caller: Caller, status: RegistrationStatus): Promise<ApplicationSummary[]> {
    await this.assertStaff(caller);
    const rows = await this.db
      .selectFrom('registrations')
      .select(['id', 'status', 'customer_type', 'first_name', 'last_name', 'trade_name', 'mobile', 'city', 'submitted_at'])
      .where('status', '=', status)
      .orderBy('submitted_at', 'asc')
      .orderBy('created_at', 'asc')
      .limit(200)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      customerType: r.customer_type as CustomerType | null,
      name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
      tradeName: r.trade_name,
      mobileNumber: r.mobile,
      city: r.city,
      submittedAt: r.submitted_at?.toISOString() ?? null,
    }));
  }

  async application(caller: Caller, id: string): Promise<Application> {
    await this.assertStaff(caller);
    if (!isUuid(id)) throw notFound();
    const row = await registrations.findById(this.db, id);
    if (!row || row.status === 'DRAFT') throw notFound();
    return toApplication(this.db, row);
  }

  /** Activates the unit and credits the referral offer's free deliveries, in one transaction. */
  async approve(caller: Caller, id: string): Promise<Application> {
    await this.assertStaff(caller);
    if (!isUuid(id)) throw notFound();
    const now = this.config.now();
    await inTransaction(this.db, async (trx) => {
      const row = await registrations.findById(trx, id, true);
      if (!row || row.status === 'DRAFT' || !row.unit_id) throw notFound();
      if (row.status !== 'SUBMITTED') throw new AppError('E0009', 409, `This application is already ${row.status.toLowerCase()}`);
      await registrations.update(trx, id, { status: 'APPROVED', decided_by: caller.userId, decided_at: now, rejection_reason: null, updated_at: now });
      await trx.updateTable('units').set({ activated: true }).where('id', '=', row.unit_id).execute();
      await trx
        .insertInto('referral_credits')
        .values({ id: randomUUID(), unit_id: row.unit_id, deliveries: ACTIVATION_FREE_DELIVERIES, reason: 'ACTIVATION', created_at: now })
        .execute();
      await notify(
        trx,
        { unitIds: [row.unit_id] },
        {
          type: 'GENERAL',
          title: 'Your account is verified',
          body: `You can trade now. ${ACTIVATION_FREE_DELIVERIES} free deliveries of the referral offer are credited to your account.`,
          link: LINKS.profile,
        },
        { at: now },
      );
    });
    return this.application(caller, id);
  }

  async reject(caller: Caller, id: string, reason: string): Promise<Application> {
    await this.assertStaff(caller);
    if (!isUuid(id)) throw notFound();
    const now = this.config.now();
    await inTransaction(this.db, async (trx) => {
      const row = await registrations.findById(trx, id, true);
      if (!row || row.status === 'DRAFT' || !row.unit_id) throw notFound();
      if (row.status !== 'SUBMITTED') throw new AppError('E0009', 409, `This application is already ${row.status.toLowerCase()}`);
      await registrations.update(trx, id, { status: 'REJECTED', decided_by: caller.userId, decided_at: now, rejection_reason: reason, updated_at: now });
      // The profile shows the application with the reason, where it is corrected.
      await notify(trx, { unitIds: [row.unit_id] }, { type: 'GENERAL', title: 'Your registration was not approved', body: reason, link: LINKS.profile }, { at: now });
    });
    return this.application(caller, id);
  }
}
