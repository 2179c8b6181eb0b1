import type { Kysely, Selectable } from 'kysely';
import { GST_STATES, stateCodeOfName, type DocumentParty, type EwayBill } from 'shared-api';
import { lookupPincode } from '../../data/pincodes';
import type { ConsignmentsTable, DB } from '../../db/types';
import { unitTaxDetails } from '../ledger/parties';
import type { EwbGeneratePayload } from './ewb';

/*
 * What a consignment carries, as an e-way bill's Part A needs it (issue 34): the value, the two states the goods move
 * between, the document(s) and the HSN codes.
 *
 * - ONLINE: the order's sales invoice (one per order): its number, date and total including tax, its supplier and
 *   recipient GSTINs as printed, its lines' HSN codes and tax. Until the order is invoiced there is no document: the
 *   order's value stands in to judge whether one will be needed, and no e-way bill is made before the invoice.
 * - OFFLINE with goods: the document the unit declared when booking (its own invoice, bill of supply or delivery
 *   challan), one line of the declared value and HSN. SEND: the unit supplies the party; COLLECT: the party supplies
 *   the unit (an inward move for the unit). A party without a GSTIN is 'URP', as the portal writes it.
 * - OFFLINE without goods: nothing known.
 *
 * The states are where the goods physically leave from and go to (the consignment's two ends, by pincode), falling
 * back to the parties' own states (GSTIN, then address) and the delivery market's state.
 */

type Db = Kysely<DB>;
type Row = Pick<
  Selectable<ConsignmentsTable>,
  | 'id'
  | 'kind'
  | 'direction'
  | 'owner_unit_id'
  | 'order_id'
  | 'market_id'
  | 'from_name'
  | 'from_address_line'
  | 'from_city'
  | 'from_pincode'
  | 'to_name'
  | 'to_address_line'
  | 'to_city'
  | 'to_pincode'
  | 'goods_document_type'
  | 'goods_document_number'
  | 'goods_document_date'
  | 'goods_value_paise'
  | 'goods_hsn'
  | 'goods_party_gstin'
>;

export const UNREGISTERED = 'URP';

/** Part A of a consignment's goods, and the generate request without Part B (vehicle, mode) and distance. */
export interface KnownGoods {
  known: true;
  valuePaise: number;
  /** GST state codes ('27') of where the goods leave from and go to. */
  fromStateCode: string;
  toStateCode: string;
  partA: EwayBill['partA'];
  payload: Omit<EwbGeneratePayload, 'transMode' | 'transDistance' | 'vehicleNo' | 'vehicleType'>;
}

/**
 * No document to make Part A from yet, and why (an ONLINE consignment whose order is not invoiced): the order's value
 * stands in to judge whether one will be needed, and no e-way bill can be made before the invoice.
 */
export interface UnknownGoods {
  known: false;
  why: string;
  valuePaise: number;
  fromStateCode: string;
  toStateCode: string;
}

export type Goods = KnownGoods | UnknownGoods;

const rupees = (paise: number) => Math.round(paise) / 100;
/** 'YYYY-MM-DD' → the portal's 'dd/mm/yyyy'. */
export const portalDate = (iso: string) => iso.split('-').reverse().join('/');
const stateOfGstin = (gstin: string | null | undefined) => (gstin && GST_STATES[gstin.slice(0, 2)] ? gstin.slice(0, 2) : null);
const stateOfPincode = (pincode: string | null) => (pincode ? stateCodeOfName(lookupPincode(pincode)?.state) : null);
/** The portal's address lines are at most 120 characters; names 100. */
const cut = (text: string | null | undefined, max: number) => (text ?? '').slice(0, max);

/** The goods of each consignment (by id): known, unknown with the reason, or absent (an offline pickup without goods). */
export async function goodsOf(db: Db, rows: readonly Row[]): Promise<Map<string, Goods>> {
  const goods = new Map<string, Goods>();
  if (!rows.length) return goods;
  // A transport outside every shared market has none (issue 39): its ends' pincodes give the states.
  const marketIds = [...new Set(rows.flatMap((r) => (r.market_id ? [r.market_id] : [])))];
  const marketStates = new Map((marketIds.length ? await db.selectFrom('delivery_markets').select(['id', 'state']).where('id', 'in', marketIds).execute() : []).map((m) => [m.id, stateCodeOfName(m.state)]));

  const online = rows.filter((r) => r.kind === 'ONLINE' && r.order_id);
  const invoices = online.length
    ? await db
        .selectFrom('sales_invoices as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.id', 'i.order_id', 'i.invoice_number', 'i.invoice_date', 'i.supplier', 'i.recipient', 'i.recipient_gstin', 'i.taxable_paise', 'i.cgst_paise', 'i.sgst_paise', 'i.igst_paise', 'i.round_off_paise', 'i.total_paise', 'o.order_number'])
        .where('i.order_id', 'in', online.map((r) => r.order_id!))
        .execute()
    : [];
  const lines = invoices.length
    ? await db
        .selectFrom('sales_invoice_lines')
        .select(['invoice_id', 'position', 'product_name', 'hsn', 'quantity', 'free_quantity', 'taxable_paise', 'gst_rate_bp', 'cgst_paise', 'sgst_paise', 'igst_paise'])
        .where('invoice_id', 'in', invoices.map((i) => i.id))
        .orderBy('position')
        .execute()
    : [];
  const orders = online.length
    ? new Map((await db.selectFrom('orders').select(['id', 'order_number', 'total_paise', 'buyer_unit_id']).where('id', 'in', online.map((r) => r.order_id!)).execute()).map((o) => [o.id, o]))
    : new Map<string, { order_number: string; total_paise: number; buyer_unit_id: string }>();
  const offline = rows.filter((r) => r.kind === 'OFFLINE' && r.goods_document_type);
  const units = await unitTaxDetails(db, [...new Set([...online, ...offline].map((r) => r.owner_unit_id).concat([...orders.values()].map((o) => o.buyer_unit_id)))]);

  for (const r of rows) {
    const marketState = (r.market_id && marketStates.get(r.market_id)) ?? null;
    if (r.kind === 'ONLINE' && r.order_id) {
      const inv = invoices.find((i) => i.order_id === r.order_id);
      if (!inv) {
        const order = orders.get(r.order_id);
        goods.set(r.id, {
          known: false,
          why: `Order ${order?.order_number ?? ''} is not invoiced yet: its e-way bill is made from the sales invoice, issue it first`,
          valuePaise: order?.total_paise ?? 0,
          fromStateCode: stateOfPincode(r.from_pincode) ?? units.get(r.owner_unit_id)?.stateCode ?? marketState!,
          toStateCode: stateOfPincode(r.to_pincode) ?? (order && units.get(order.buyer_unit_id)?.stateCode) ?? marketState!,
        });
        continue;
      }
      const supplier = inv.supplier as DocumentParty;
      const recipient = inv.recipient as DocumentParty;
      const fromStateCode = stateOfPincode(r.from_pincode) ?? supplier.stateCode ?? marketState!;
      const toStateCode = stateOfPincode(r.to_pincode) ?? recipient.stateCode ?? marketState!;
      // One item per HSN and rate: the portal's item list is per commodity, not per batch.
      const items = new Map<string, EwbGeneratePayload['itemList'][number]>();
      for (const l of lines.filter((x) => x.invoice_id === inv.id)) {
        const key = `${l.hsn}|${l.gst_rate_bp}`;
        const item = items.get(key);
        if (item) {
          item.quantity += l.quantity + l.free_quantity;
          item.taxableAmount = rupees(item.taxableAmount * 100 + l.taxable_paise);
          if (!item.productName.includes(l.product_name) && item.productName.length + l.product_name.length < 95) item.productName += `, ${l.product_name}`;
        } else {
          const rate = l.gst_rate_bp / 100;
          const intra = l.igst_paise === 0 && (l.cgst_paise > 0 || l.sgst_paise > 0 || inv.igst_paise === 0);
          items.set(key, {
            productName: cut(l.product_name, 100),
            hsnCode: Number(l.hsn),
            quantity: l.quantity + l.free_quantity,
            qtyUnit: 'NOS',
            taxableAmount: rupees(l.taxable_paise),
            cgstRate: intra ? rate / 2 : 0,
            sgstRate: intra ? rate / 2 : 0,
            igstRate: intra ? 0 : rate,
            cessRate: 0,
          });
        }
      }
      const recipientGstin = inv.recipient_gstin ?? UNREGISTERED;
      goods.set(r.id, {
        known: true,
        valuePaise: inv.total_paise,
        fromStateCode,
        toStateCode,
        partA: {
          supplierGstin: supplier.gstin ?? UNREGISTERED,
          recipientGstin,
          fromPincode: r.from_pincode ?? '',
          toPincode: r.to_pincode ?? '',
          documents: [{ type: 'INV', number: inv.invoice_number, date: inv.invoice_date, valuePaise: inv.total_paise }],
          valuePaise: inv.total_paise,
          hsnCodes: [...new Set(lines.filter((x) => x.invoice_id === inv.id).map((x) => x.hsn))],
          reason: 'Supply',
        },
        payload: {
          supplyType: 'O',
          subSupplyType: '1',
          docType: 'INV',
          docNo: inv.invoice_number,
          docDate: portalDate(inv.invoice_date),
          fromGstin: supplier.gstin ?? UNREGISTERED,
          fromTrdName: cut(supplier.name, 100),
          fromAddr1: cut(r.from_address_line, 120),
          fromPlace: cut(r.from_city, 50),
          fromPincode: Number(r.from_pincode),
          actFromStateCode: Number(fromStateCode),
          fromStateCode: Number(supplier.stateCode),
          toGstin: recipientGstin,
          toTrdName: cut(recipient.name, 100),
          toAddr1: cut(r.to_address_line, 120),
          toPlace: cut(r.to_city, 50),
          toPincode: Number(r.to_pincode),
          actToStateCode: Number(toStateCode),
          toStateCode: Number(recipient.stateCode),
          transactionType: 1,
          totalValue: rupees(inv.taxable_paise),
          cgstValue: rupees(inv.cgst_paise),
          sgstValue: rupees(inv.sgst_paise),
          igstValue: rupees(inv.igst_paise),
          cessValue: 0,
          cessNonAdvolValue: 0,
          // The round-off is what the invoice adds beyond its items and tax.
          otherValue: rupees(inv.round_off_paise),
          totInvValue: rupees(inv.total_paise),
          itemList: [...items.values()],
        },
      });
      continue;
    }
    if (r.kind === 'OFFLINE' && r.goods_document_type) {
      const unit = units.get(r.owner_unit_id);
      const unitState = unit?.stateCode ?? marketState!;
      const partyGstin = r.goods_party_gstin ?? UNREGISTERED;
      const send = r.direction === 'SEND';
      const unitGstin = unit?.gstin ?? UNREGISTERED;
      const partyState = stateOfGstin(r.goods_party_gstin) ?? stateOfPincode(send ? r.to_pincode : r.from_pincode) ?? marketState ?? unitState;
      const fromStateCode = stateOfPincode(r.from_pincode) ?? (send ? unitState : partyState);
      const toStateCode = stateOfPincode(r.to_pincode) ?? (send ? partyState : unitState);
      const value = r.goods_value_paise!;
      const challan = r.goods_document_type === 'CHL';
      const date = r.goods_document_date!;
      goods.set(r.id, {
        known: true,
        valuePaise: value,
        fromStateCode,
        toStateCode,
        partA: {
          supplierGstin: send ? unitGstin : partyGstin,
          recipientGstin: send ? partyGstin : unitGstin,
          fromPincode: r.from_pincode ?? '',
          toPincode: r.to_pincode ?? '',
          documents: [{ type: r.goods_document_type, number: r.goods_document_number!, date, valuePaise: value }],
          valuePaise: value,
          hsnCodes: [r.goods_hsn!],
          reason: challan ? 'Others' : 'Supply',
        },
        payload: {
          // The unit generates it: outward when it sends, inward when it collects.
          supplyType: send ? 'O' : 'I',
          subSupplyType: challan ? '8' : '1',
          ...(challan ? { subSupplyDesc: 'Delivery challan' } : {}),
          docType: r.goods_document_type,
          docNo: r.goods_document_number!,
          docDate: portalDate(date),
          fromGstin: send ? unitGstin : partyGstin,
          fromTrdName: cut(r.from_name, 100),
          fromAddr1: cut(r.from_address_line, 120),
          fromPlace: cut(r.from_city, 50),
          fromPincode: Number(r.from_pincode),
          actFromStateCode: Number(fromStateCode),
          fromStateCode: Number(send ? unitState : partyState),
          toGstin: send ? partyGstin : unitGstin,
          toTrdName: cut(r.to_name, 100),
          toAddr1: cut(r.to_address_line, 120),
          toPlace: cut(r.to_city, 50),
          toPincode: Number(r.to_pincode),
          actToStateCode: Number(toStateCode),
          toStateCode: Number(send ? partyState : unitState),
          transactionType: 1,
          // A declared value has no tax split: all of it is the value, as the document the unit declared says.
          totalValue: rupees(value),
          cgstValue: 0,
          sgstValue: 0,
          igstValue: 0,
          cessValue: 0,
          cessNonAdvolValue: 0,
          otherValue: 0,
          totInvValue: rupees(value),
          itemList: [{ productName: `Goods as per ${r.goods_document_number}`, hsnCode: Number(r.goods_hsn), quantity: 1, qtyUnit: 'NOS', taxableAmount: rupees(value), cgstRate: 0, sgstRate: 0, igstRate: 0, cessRate: 0 }],
        },
      });
    }
  }
  return goods;
}
