import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNTING_PATHS,
  AccountHead,
  AsOfQuery,
  BOOKS_PATHS,
  BooksSettings,
  BooksSettingsInput,
  FinancialYearParam,
  FinancialYearStatus,
  FinancialYears,
  HeadsTree,
  JournalInput,
  JournalsPage,
  JournalsQuery,
  LedgerExportQuery,
  LedgerQuery,
  LedgerStatement,
  NewHeadInput,
  OutstandingQuery,
  OutstandingReport,
  PartyOutstandingDetail,
  TrialBalance,
  TrialBalanceQuery,
  VoucherView,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { CONTENT_TYPES, sendFile } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { LedgerService } from './service';

/** Every signed-in unit keeps books and reads its own; entries by hand, new heads and closing a year are the owner's. */
const ANY = requireRole({ permission: 'BOOKS_READ' });
const OWNER = requireRole({ permission: 'OWNER_ONLY' });
const AccountParams = z.object({ accountId: z.string().uuid('Choose a head') });

export const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['ledgers'];

  app.get(ACCOUNTING_PATHS.trialBalance, {
    config: ANY,
    schema: { tags, summary: "Trial balance of the caller's books", security, querystring: TrialBalanceQuery, response: replies(TrialBalance) },
    handler: async (request) => ok(await ledger.trialBalance(callerOf(request), request.query.asOf)),
  });

  app.get(BOOKS_PATHS.heads, {
    config: ANY,
    schema: { tags, summary: 'The chart of accounts as groups and heads, with balances up to a day', security, querystring: AsOfQuery, response: replies(HeadsTree) },
    handler: async (request) => ok(await ledger.heads(callerOf(request), request.query.asOf)),
  });

  app.post(BOOKS_PATHS.heads, {
    config: OWNER,
    schema: { tags, summary: 'Add a custom head under a group (its name new in the books)', security, body: NewHeadInput, response: replies(AccountHead) },
    handler: async (request) => ok(await ledger.addHead(callerOf(request), request.body)),
  });

  app.get(BOOKS_PATHS.ledger, {
    config: ANY,
    schema: { tags, summary: "One head's statement for a period: opening, entries with running balance (paged), closing", security, querystring: LedgerQuery, response: replies(LedgerStatement) },
    handler: async (request) => ok(await ledger.ledger(callerOf(request), request.query)),
  });

  app.get(BOOKS_PATHS.ledgerExport, {
    config: ANY,
    schema: {
      tags,
      summary: 'The statement as a spreadsheet (xlsx, csv) or a printable PDF',
      security,
      querystring: LedgerExportQuery,
      // Bytes, not the JSON envelope (errors still answer the envelope).
      produces: [CONTENT_TYPES.xlsx, CONTENT_TYPES.csv, CONTENT_TYPES.pdf],
    },
    handler: async (request, reply) => sendFile(reply, await ledger.ledgerExport(callerOf(request), request.query)),
  });

  app.get(BOOKS_PATHS.outstanding, {
    config: ANY,
    schema: { tags, summary: 'What each party owes (or is owed), with ageing', security, querystring: OutstandingQuery, response: replies(OutstandingReport) },
    handler: async (request) => ok(await ledger.outstanding(callerOf(request), request.query)),
  });

  app.get(routePattern(BOOKS_PATHS.partyOutstanding, 'accountId'), {
    config: ANY,
    schema: { tags, summary: "One party head's open documents", security, params: AccountParams, querystring: AsOfQuery, response: replies(PartyOutstandingDetail) },
    handler: async (request) => ok(await ledger.partyOutstanding(callerOf(request), request.params.accountId, request.query.asOf)),
  });

  app.get(BOOKS_PATHS.journals, {
    config: ANY,
    schema: { tags, summary: 'Vouchers of a period, newest first, with totals by kind', security, querystring: JournalsQuery, response: replies(JournalsPage) },
    handler: async (request) => ok(await ledger.journals(callerOf(request), request.query)),
  });

  app.post(BOOKS_PATHS.journals, {
    config: OWNER,
    schema: { tags, summary: 'A manual journal entry (its debits and credits must balance)', security, body: JournalInput, response: replies(VoucherView) },
    handler: async (request) => ok(await ledger.postJournal(callerOf(request), request.body)),
  });

  app.get(BOOKS_PATHS.booksSettings, {
    config: ANY,
    schema: { tags, summary: 'How entries may be dated: the range journals and payments are accepted in, and forward dating', security, response: replies(BooksSettings) },
    handler: async (request) => ok(await ledger.booksSettings(callerOf(request))),
  });

  app.put(BOOKS_PATHS.booksSettings, {
    config: OWNER,
    schema: { tags, summary: 'Allow or stop forward dating (journals and payments dated up to the end of the open financial year)', security, body: BooksSettingsInput, response: replies(BooksSettings) },
    handler: async (request) => ok(await ledger.saveBooksSettings(callerOf(request), request.body)),
  });

  app.get(BOOKS_PATHS.financialYears, {
    config: ANY,
    schema: { tags, summary: 'Financial years with entries, open or closed, and their net profit', security, response: replies(FinancialYears) },
    handler: async (request) => ok(await ledger.financialYears(callerOf(request))),
  });

  app.post(routePattern(BOOKS_PATHS.closeFinancialYear, 'financialYear'), {
    config: OWNER,
    schema: { tags, summary: 'Close a financial year that has ended: no entry can be dated in it afterwards', security, params: FinancialYearParam, response: replies(FinancialYearStatus) },
    handler: async (request) => ok(await ledger.closeFinancialYear(callerOf(request), request.params.financialYear)),
  });
};
