import { PROFILE_PATHS, RECALL_PATHS, type Recall, type RecallNetwork, type RecallTrace } from 'shared-api';
import { failure, success, type FakeHandler, type FakeRequest } from 'shared-auth/testing/fake-api';

export const RECALL_ID = '55555555-5555-4555-8555-555555555555';
export const DOLO_ID = '22222222-2222-4222-8222-222222222222';
export const DOLO_KIDS_ID = '66666666-6666-4666-8666-666666666666';

export const RECALL: Recall = {
  id: RECALL_ID,
  recallNumber: 'RC-000004',
  product: { productId: DOLO_ID, name: 'Dolo 650 Tablet', manufacturer: 'Micro Labs', pack: '15 Tab' },
  batchNos: ['DOL26A101'],
  expiryUpTo: null,
  reason: 'NSQ',
  action: 'RETURN_TO_SUPPLIER',
  noticeNumber: 'CDSCO/NSQ/2026/11',
  noticeDate: '2026-11-20',
  letterDocumentId: null,
  raisedBy: { kind: 'STAFF', unitName: 'Medico back office' },
  raisedAt: '2026-11-25T10:00:00.000Z',
  status: 'ACTIVE',
  liftedAt: null,
  liftReason: null,
  mine: { holder: true, buyer: false, raisedByMe: false, unitsHeld: 120, unitsQuarantined: 100 },
  counts: { holders: 3, buyers: 5, quarantined: 340, returnedToSupplier: 20, destroyed: 0, ordersFlagged: 2 },
  note: null,
};

export const TRACE: RecallTrace = {
  recall: RECALL,
  batches: [{ batchNo: 'DOL26A101', expiryDate: '2027-03-31', warehouseName: 'Pune Main Godown', onHand: 20, quarantined: 100 }],
  received: [
    {
      batchNo: 'DOL26A101',
      supplierName: 'Micro Labs Depot Pune',
      supplierUnitId: '77777777-7777-4777-8777-777777777777',
      documentType: 'PURCHASE_BILL',
      documentId: '88888888-8888-4888-8888-888888888888',
      documentNumber: 'ML/2026/0042',
      date: '2026-10-02',
      quantity: 200,
    },
  ],
  sold: [
    {
      batchNo: 'DOL26A101',
      buyerName: 'Sharma Medical Stores',
      buyerUnitId: '99999999-9999-4999-8999-999999999999',
      documentType: 'INVOICE',
      documentId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      documentNumber: 'INV/26-27/000017',
      date: '2026-10-10',
      quantity: 60,
      returned: 0,
      askedToReturnAt: null,
    },
  ],
  walkIn: { sales: 4, units: 20 },
  quarantine: { quarantined: 100, returnedToSupplier: 0, returnedByBuyers: 0, destroyed: 0 },
  actions: { returnableToSupplier: 80, notReturnable: 20, buyersToAsk: 1 },
};

export const NETWORK: RecallNetwork = {
  recall: RECALL,
  totals: { holders: 3, onShelves: 360, quarantined: 340, returned: 20, destroyed: 0 },
  byDistrict: [
    { state: 'Maharashtra', district: 'Pune', holders: 2, onShelves: 300 },
    { state: 'Maharashtra', district: 'Nashik', holders: 1, onShelves: 60 },
  ],
  timeline: [
    { date: '2026-11-25', onShelves: 380 },
    { date: '2026-11-26', onShelves: 360 },
  ],
};

export interface RecallState {
  recall: Recall;
  trace: RecallTrace;
  /** null: the network view is refused (403), as for a unit that is neither staff, manufacturer nor raiser. */
  network: RecallNetwork | null;
  staff: boolean;
}

export const recallState = (over: Partial<RecallState> = {}): RecallState => ({ recall: RECALL, trace: TRACE, network: NETWORK, staff: false, ...over });

const profile = (isStaff: boolean) => ({ isStaff, application: null, preferences: { minimumOrderPaise: null, whatsappNumber: null, autoApprove: false, hasPaymentQr: false }, referralFreeDeliveries: 0 });

/** The recalls API as the contracts describe it, over one recall; `rest` answers everything else. */
export function recallsApi(state: RecallState, rest?: FakeHandler): FakeHandler {
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (path === PROFILE_PATHS.profile) return success(profile(state.staff));
    if (method === 'GET' && path === RECALL_PATHS.list) {
      const status = request.params?.status;
      const items = [state.recall].filter((r) => !status || r.status === status);
      return success({ items, totalResults: items.length, page: 0, pageSize: 20 });
    }
    if (method === 'GET' && path === RECALL_PATHS.detail(RECALL_ID)) return success(state.recall);
    if (method === 'GET' && path === RECALL_PATHS.trace(RECALL_ID)) return success(state.trace);
    if (method === 'GET' && path === RECALL_PATHS.network(RECALL_ID)) return state.network ? success(state.network) : failure(403, 'E0040', 'Access denied');
    if (method === 'POST' && path === RECALL_PATHS.returnToSupplier(RECALL_ID)) {
      state.trace = { ...state.trace, quarantine: { ...state.trace.quarantine, quarantined: 20, returnedToSupplier: 80 }, actions: { ...state.trace.actions, returnableToSupplier: 0 } };
      return success({
        debitNotes: [{ debitNoteId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', noteNumber: 'DN/26-27/000003', supplierName: 'Micro Labs Depot Pune', units: 80, totalPaise: 193520 }],
        unitsLeft: 20,
      });
    }
    if (method === 'POST' && path === RECALL_PATHS.askBuyers(RECALL_ID)) {
      state.trace = { ...state.trace, actions: { ...state.trace.actions, buyersToAsk: 0 } };
      return success({ buyersAsked: 1 });
    }
    if (method === 'POST' && path === RECALL_PATHS.documents) return success({ documentId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', fileName: 'certificate.pdf' });
    if (method === 'POST' && path === RECALL_PATHS.destroyed(RECALL_ID)) {
      state.trace = { ...state.trace, quarantine: { ...state.trace.quarantine, quarantined: 0, destroyed: state.trace.quarantine.quarantined } };
      return success({ unitsDestroyed: 100 });
    }
    if (method === 'POST' && path === RECALL_PATHS.lift(RECALL_ID)) {
      const reason = (request.body as { reason: string }).reason;
      state.recall = { ...state.recall, status: 'LIFTED', liftedAt: '2026-11-28T10:00:00.000Z', liftReason: reason };
      return success(state.recall);
    }
    return rest ? rest(request) : failure(404, 'E0002', 'Not found');
  };
}
