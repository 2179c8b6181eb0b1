import { useCallback, useState } from 'react';
import {
  ACCOUNTING_PATHS,
  type CounterDraft,
  type CounterLookup,
  type CounterPreview,
  type CounterSale,
  type CounterSaleInput,
  type CounterSaleList,
  type CounterSettings,
  type PaymentMode,
  type Quotation,
  type QuotationInput,
} from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import { downloadDocumentPdf } from '../tax-document/pdf';

export const INSTORE_PAGE_SIZE = 20;

export const useCounterSales = (page: number) =>
  useSWR<CounterSaleList, ApiError>([ACCOUNTING_PATHS.instoreSales, { page, pageSize: INSTORE_PAGE_SIZE }], fetcher, { keepPreviousData: true });
export const useCounterSale = (invoiceId: string) => useSWR<CounterSale, ApiError>(ACCOUNTING_PATHS.instoreSale(invoiceId), fetcher);
export const useCounterLookup = (q: string) => useSWR<CounterLookup, ApiError>(q.trim().length >= 2 ? [ACCOUNTING_PATHS.instoreLookup, { q: q.trim() }] : null, fetcher);

/** The priced bill: asked again whenever the draft changes (a preview takes no number and moves no stock). */
export const useCounterPreview = (draft: CounterDraft | null) =>
  useSWR<CounterPreview, ApiError>(draft ? [ACCOUNTING_PATHS.instorePreview, JSON.stringify(draft)] : null, ([path, body]: [string, string]) => api.post<CounterPreview>(path, JSON.parse(body)), {
    revalidateOnFocus: false,
  });

export const useCounterSettings = () => useSWR<CounterSettings, ApiError>(ACCOUNTING_PATHS.instoreSettings, fetcher);
export const saveCounterSettings = (settings: CounterSettings) => api.put<CounterSettings>(ACCOUNTING_PATHS.instoreSettings, settings);
export const issueCounterSale = (input: CounterSaleInput) => api.post<CounterSale>(ACCOUNTING_PATHS.instoreSales, input);
export const settleCounterSale = (invoiceId: string, mode: 'CASH' | 'UPI') => api.post<CounterSale>(ACCOUNTING_PATHS.instoreSalePayment(invoiceId), { mode });
export const createQuotation = (input: QuotationInput) => api.post<Quotation>(ACCOUNTING_PATHS.quotations, input);
export const useQuotation = (quotationId: string) => useSWR<Quotation, ApiError>(ACCOUNTING_PATHS.quotation(quotationId), fetcher);
export const convertQuotation = (quotationId: string, paymentMode: PaymentMode) => api.post<CounterSale>(ACCOUNTING_PATHS.quotationConvert(quotationId), { paymentMode });
export const downloadQuotationPdf = (q: { quotationId: string; quotationNumber: string }) => downloadDocumentPdf(ACCOUNTING_PATHS.quotationPdf(q.quotationId), q.quotationNumber);

export const PAYMENT_LABELS: Record<PaymentMode, string> = { CASH: 'Cash', UPI: 'UPI', CREDIT: 'Credit' };
export const instoreSalePath = (invoiceId: string) => `/sales/instore/${encodeURIComponent(invoiceId)}`;

// ---- the bill being made: kept in this browser (localStorage) under its draft id until it is issued ----

export interface DraftLine {
  productId: string;
  productName: string;
  /** A chosen batch; absent = first expiry first, picked by the server. */
  batchId?: string;
  batchLabel?: string;
  quantity: number;
  discountBp: number;
}
export interface Draft {
  buyerKind: 'WALK_IN' | 'PARTY';
  walkInName: string;
  walkInMobile: string;
  partyUnitCode: string;
  lines: DraftLine[];
}

export const EMPTY_DRAFT: Draft = { buyerKind: 'WALK_IN', walkInName: '', walkInMobile: '', partyUnitCode: '', lines: [] };
const draftKey = (id: string) => `medico.instore.draft.${id}`;

export function readDraft(id: string): Draft {
  try {
    const raw = localStorage.getItem(draftKey(id));
    return raw ? { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<Draft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}
export const discardDraft = (id: string) => localStorage.removeItem(draftKey(id));
export const newDraftId = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

/** The draft of one bill, saved on every change so the add-items and preview screens (and a reload) see it. */
export function useDraft(id: string): [Draft, (change: (d: Draft) => Draft) => void] {
  // Keyed by id (as usePageFor): another draft's address starts from what is stored for it.
  const [state, setState] = useState(() => ({ id, draft: readDraft(id) }));
  const draft = state.id === id ? state.draft : readDraft(id);
  const update = useCallback(
    (change: (d: Draft) => Draft) =>
      setState((s) => {
        const next = change(s.id === id ? s.draft : readDraft(id));
        localStorage.setItem(draftKey(id), JSON.stringify(next));
        return { id, draft: next };
      }),
    [id],
  );
  return [draft, update];
}

/** What the API is asked: the buyer and lines of a draft. */
export function toCounterDraft(d: Draft): CounterDraft {
  const buyer =
    d.buyerKind === 'PARTY'
      ? { partyUnitCode: d.partyUnitCode.trim().toUpperCase() }
      : { ...(d.walkInName.trim() && { walkInName: d.walkInName.trim() }), ...(d.walkInMobile.trim() && { walkInMobile: d.walkInMobile.trim() }) };
  return { buyer, lines: d.lines.map((l) => ({ productId: l.productId, ...(l.batchId && { batchId: l.batchId }), quantity: l.quantity, discountBp: l.discountBp })) };
}
