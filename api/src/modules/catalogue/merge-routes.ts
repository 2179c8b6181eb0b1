import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUE_PATHS, DuplicateGroups, MergeProducts, MergeResult } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { callerOf, requireRole, type Caller } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { accessDenied } from '../../http/errors';
import { isStaff } from '../registration/repository';
import { findDuplicates, mergeProducts } from './merge';

/**
 * Back-office staff only, as the recall list imports: their unit is the provider's MANUFACTURER-type unit, so the
 * route refuses every other type at the door and the handler anyone of that type who is not staff (403 E0040).
 */
const STAFF = requireRole({ permission: 'ANY_MEMBER', customerTypes: ['MANUFACTURER'] });
const security = [{ bearerAuth: [] }];
const tags = ['catalogue'];

/** Duplicates in the product master: the groups the catalogue takes for one product, and merging one (issue 36). */
export const catalogueMergeRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const assertStaff = async (caller: Caller) => {
    if (!(await isStaff(db, caller.userId))) throw accessDenied();
  };

  app.get(CATALOGUE_PATHS.duplicates, {
    config: STAFF,
    schema: {
      tags,
      summary: 'Groups of products the catalogue takes for one (same normalised name, strength, form, pack and maker), the survivor first: most stock holders, then oldest',
      security,
      response: replies(DuplicateGroups),
    },
    handler: async (request) => {
      await assertStaff(callerOf(request));
      return ok({ groups: await findDuplicates(db) });
    },
  });

  app.post(CATALOGUE_PATHS.merge, {
    config: STAFF,
    schema: {
      tags,
      summary:
        "Merges the duplicates into the survivor in one transaction: batches (combined where the warehouse and number agree), open orders, carts, search hits, recalls and the sellers' remembered items move; the old names become aliases search finds; issued documents keep the old name",
      security,
      body: MergeProducts,
      response: replies(MergeResult),
    },
    handler: async (request) => {
      const caller = callerOf(request);
      await assertStaff(caller);
      const { survivorId, duplicateIds, force } = request.body;
      return ok(await inTransaction(db, (trx) => mergeProducts(trx, survivorId, duplicateIds, { userId: caller.userId, now: config.now(), force })));
    },
  });
};
