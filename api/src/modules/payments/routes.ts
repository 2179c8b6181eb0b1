import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddUpiAccount,
  AllocationPreview,
  CreateMemoPayment,
  CreatePaymentRequest,
  CreateUpiPayout,
  PAYMENTS_PATHS,
  PartyDueDetail,
  PartyDues,
  PayRequest,
  Payment,
  PaymentClaimList,
  PaymentList,
  RejectClaim,
  PaymentListQuery,
  PaymentRequest,
  PaymentRequestDetail,
  PaymentRequestList,
  PaymentRequestListQuery,
  PaymentsSummary,
  QrQuery,
  RecordPayment,
  UpiAccount,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { sendFile } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { PaymentsService } from './service';

const AccountParams = z.object({ accountId: z.string().uuid() });
/** Not `accountId`: that names a ledger head on the other routes. */
const UpiAccountParams = z.object({ upiAccountId: z.string().uuid() });
const PaymentParams = z.object({ paymentId: z.string().uuid() });
const RequestParams = z.object({ requestId: z.string().uuid() });
const MemoListQuery = PaymentRequestListQuery.omit({ side: true, kind: true });
const ANY = requireRole({ permission: 'PAYMENTS' });
/** Money moves only for verified units; where the unit is paid is the owner's decision (as on /profile). */
const TRADING = requireRole({ permission: 'PAYMENTS', activeOnly: true });
const OWNER_TRADING = requireRole({ permission: 'OWNER_ONLY', activeOnly: true });

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['payments'];
  const images = ['image/png', 'image/svg+xml'];

  // ---- UPI accounts ----

  app.get(PAYMENTS_PATHS.accounts, {
    config: ANY,
    schema: { tags, summary: "The caller's UPI accounts (the default first) with their static UPI links", security, response: replies(z.array(UpiAccount)) },
    handler: async (request) => ok(await payments.accounts(callerOf(request))),
  });

  app.post(PAYMENTS_PATHS.addAccount, {
    config: OWNER_TRADING,
    schema: { tags, summary: 'Add a UPI account (E0059 bad VPA, E0060 bad bank account, E0009 VPA registered)', security, body: AddUpiAccount, response: replies(z.array(UpiAccount)) },
    handler: async (request) => ok(await payments.addAccount(callerOf(request), request.body)),
  });

  app.post(routePattern(PAYMENTS_PATHS.setDefaultAccount, 'upiAccountId'), {
    config: OWNER_TRADING,
    schema: { tags, summary: 'Make a UPI account the default (the VPA on QR codes and invoices)', security, params: UpiAccountParams, response: replies(z.array(UpiAccount)) },
    handler: async (request) => ok(await payments.setDefaultAccount(callerOf(request), request.params.upiAccountId)),
  });

  app.delete(routePattern(PAYMENTS_PATHS.account, 'upiAccountId'), {
    config: OWNER_TRADING,
    schema: { tags, summary: 'Delete a UPI account (the oldest remaining one becomes the default)', security, params: UpiAccountParams, response: replies(z.array(UpiAccount)) },
    handler: async (request) => ok(await payments.deleteAccount(callerOf(request), request.params.upiAccountId)),
  });

  app.get(routePattern(PAYMENTS_PATHS.accountQr, 'upiAccountId'), {
    config: ANY,
    schema: { tags, summary: 'The static QR code of a UPI account (PNG or SVG; E0054 when it cannot be made)', security, params: UpiAccountParams, querystring: QrQuery, produces: images },
    handler: async (request, reply) => sendFile(reply, await payments.accountQr(callerOf(request), request.params.upiAccountId, request.query.format)),
  });

  // ---- who owes what ----

  app.get(PAYMENTS_PATHS.summary, {
    config: ANY,
    schema: { tags, summary: 'Receivable, payable, open requests, unmatched money and this month’s payments', security, response: replies(PaymentsSummary) },
    handler: async (request) => ok(await payments.summary(callerOf(request))),
  });

  app.get(PAYMENTS_PATHS.receivable, {
    config: ANY,
    schema: { tags, summary: 'Debtors with what they owe (from the ledger)', security, response: replies(PartyDues) },
    handler: async (request) => ok(await payments.dues(callerOf(request), 'RECEIVABLE')),
  });

  app.get(routePattern(PAYMENTS_PATHS.receivableParty, 'accountId'), {
    config: ANY,
    schema: { tags, summary: "One debtor's open invoices and payments", security, params: AccountParams, response: replies(PartyDueDetail) },
    handler: async (request) => ok(await payments.partyDue(callerOf(request), 'RECEIVABLE', request.params.accountId)),
  });

  app.get(PAYMENTS_PATHS.payable, {
    config: ANY,
    schema: { tags, summary: 'Creditors with what the caller owes them, and where to pay them by UPI', security, response: replies(PartyDues) },
    handler: async (request) => ok(await payments.dues(callerOf(request), 'PAYABLE')),
  });

  app.get(routePattern(PAYMENTS_PATHS.payableParty, 'accountId'), {
    config: ANY,
    schema: { tags, summary: "One creditor's open bills, payments and UPI details", security, params: AccountParams, response: replies(PartyDueDetail) },
    handler: async (request) => ok(await payments.partyDue(callerOf(request), 'PAYABLE', request.params.accountId)),
  });

  app.get(routePattern(PAYMENTS_PATHS.payableQr, 'accountId'), {
    config: ANY,
    schema: { tags, summary: "A creditor's UPI QR code (its default UPI account; E0059 when it has none)", security, params: AccountParams, querystring: QrQuery, produces: images },
    handler: async (request, reply) => sendFile(reply, await payments.payableQr(callerOf(request), request.params.accountId, request.query.format)),
  });

  // ---- recording payments ----

  app.post(PAYMENTS_PATHS.preview, {
    config: ANY,
    schema: { tags, summary: 'How a payment would be allocated (nothing written)', security, body: RecordPayment, response: replies(AllocationPreview) },
    handler: async (request) => ok(await payments.preview(callerOf(request), request.body)),
  });

  app.post(PAYMENTS_PATHS.submit, {
    config: TRADING,
    schema: { tags, summary: 'Record a payment received or made, allocate it and post its vouchers (a UTR once: E0009)', security, body: RecordPayment, response: replies(Payment) },
    handler: async (request) => ok(await payments.submit(callerOf(request), request.body)),
  });

  // ---- payment claims (issue 39): what payers say they paid, confirmed or rejected by the payee ----

  app.get(PAYMENTS_PATHS.claims, {
    config: ANY,
    schema: { tags, summary: 'Payments payers recorded to the caller, waiting for it to confirm them (Payments to confirm)', security, response: replies(PaymentClaimList) },
    handler: async (request) => ok(await payments.claims(callerOf(request))),
  });

  app.post(routePattern(PAYMENTS_PATHS.confirmClaim, 'paymentId'), {
    config: TRADING,
    schema: { tags, summary: 'Confirm a payment claim: posted in both books as it named, once (E0013 when rejected)', security, params: PaymentParams, response: replies(Payment) },
    handler: async (request) => ok(await payments.confirmClaim(callerOf(request), request.params.paymentId)),
  });

  app.post(routePattern(PAYMENTS_PATHS.rejectClaim, 'paymentId'), {
    config: TRADING,
    schema: { tags, summary: 'Reject a payment claim with a reason the payer is told (E0013 when confirmed)', security, params: PaymentParams, body: RejectClaim, response: replies(Payment) },
    handler: async (request) => ok(await payments.rejectClaim(callerOf(request), request.params.paymentId, request.body)),
  });

  app.get(PAYMENTS_PATHS.payments, {
    config: ANY,
    schema: { tags, summary: 'Payments the caller received or made, newest first', security, querystring: PaymentListQuery, response: replies(PaymentList) },
    handler: async (request) => ok(await payments.payments(callerOf(request), request.query)),
  });

  app.get(routePattern(PAYMENTS_PATHS.payment, 'paymentId'), {
    config: ANY,
    schema: { tags, summary: 'One payment with its allocation in the caller’s books (its payer and payee only)', security, params: PaymentParams, response: replies(Payment) },
    handler: async (request) => ok(await payments.payment(callerOf(request), request.params.paymentId)),
  });

  // ---- payment requests ----

  app.post(PAYMENTS_PATHS.createRequest, {
    config: TRADING,
    schema: { tags, summary: 'Ask a debtor to pay invoices or an amount: a dynamic UPI QR and link', security, body: CreatePaymentRequest, response: replies(PaymentRequest) },
    handler: async (request) => ok(await payments.createRequest(callerOf(request), request.body)),
  });

  app.get(PAYMENTS_PATHS.requests, {
    config: ANY,
    schema: { tags, summary: 'Payment requests the caller made (PAYEE) or has to pay (PAYER), newest first', security, querystring: PaymentRequestListQuery, response: replies(PaymentRequestList) },
    handler: async (request) => ok(await payments.requests(callerOf(request), request.query)),
  });

  app.get(routePattern(PAYMENTS_PATHS.request, 'requestId'), {
    config: ANY,
    schema: { tags, summary: 'One payment request with its payments (payee and payer only)', security, params: RequestParams, response: replies(PaymentRequestDetail) },
    handler: async (request) => ok(await payments.request(callerOf(request), request.params.requestId)),
  });

  app.get(routePattern(PAYMENTS_PATHS.requestQr, 'requestId'), {
    config: ANY,
    schema: { tags, summary: "The request's dynamic QR code: what is still due, the note and the reference", security, params: RequestParams, querystring: QrQuery, produces: images },
    handler: async (request, reply) => sendFile(reply, await payments.requestQr(callerOf(request), request.params.requestId, request.query.format)),
  });

  app.post(routePattern(PAYMENTS_PATHS.payRequest, 'requestId'), {
    config: TRADING,
    schema: { tags, summary: 'Record a payment against the request by its UTR (either party)', security, params: RequestParams, body: PayRequest, response: replies(PaymentRequestDetail) },
    handler: async (request) => ok(await payments.payRequest(callerOf(request), request.params.requestId, request.body)),
  });

  app.post(routePattern(PAYMENTS_PATHS.cancelRequest, 'requestId'), {
    config: TRADING,
    schema: { tags, summary: 'Cancel an unpaid request (its owner only)', security, params: RequestParams, response: replies(PaymentRequestDetail) },
    handler: async (request) => ok(await payments.cancelRequest(callerOf(request), request.params.requestId)),
  });

  app.get(routePattern(PAYMENTS_PATHS.requestImage, 'requestId'), {
    config: ANY,
    schema: { tags, summary: "The memo's photo or the payout's invoice image (E0056 when none)", security, params: RequestParams, produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
    handler: async (request, reply) => sendFile(reply, await payments.requestImage(callerOf(request), request.params.requestId)),
  });

  app.post(PAYMENTS_PATHS.createPayout, {
    config: TRADING,
    schema: { tags, summary: 'Pay someone by UPI: a payment with the payee’s QR, recorded by its UTR', security, body: CreateUpiPayout, response: replies(PaymentRequest) },
    handler: async (request) => ok(await payments.createPayout(callerOf(request), request.body)),
  });

  // ---- memo-to-payment ----

  app.get(PAYMENTS_PATHS.memos, {
    config: ANY,
    schema: { tags, summary: 'Memos turned into payment requests, newest first', security, querystring: MemoListQuery, response: replies(PaymentRequestList) },
    handler: async (request) => ok(await payments.memos(callerOf(request), { ...request.query, side: 'PAYEE' })),
  });

  app.post(PAYMENTS_PATHS.createMemo, {
    config: TRADING,
    schema: { tags, summary: 'A delivery or credit memo the party can pay by UPI (E0009 for a memo number entered before)', security, body: CreateMemoPayment, response: replies(PaymentRequest) },
    handler: async (request) => ok(await payments.createMemo(callerOf(request), request.body)),
  });
};
