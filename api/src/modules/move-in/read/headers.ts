import type { MoveInKind } from 'shared-api';
import { headerDictionary, normaliseHeader, type FieldOfHeader } from '../../inventory/parsers/header-detect';

/*
 * Column names of each kind of move-in file, as Marg, Busy and Tally reports (and hand-made sheets) head them,
 * normalised as the stock upload does (lower case, letters, digits and % only): "Party Name", "Ledger Name",
 * "A/c Name", "Closing Balance", "Op. Bal", "Dr/Cr", "GSTIN/UIN", "D.L. No.", "Bill No", "Bill Dt", "Pending Amt", "Due On".
 */

const PARTIES = headerDictionary<string>(
  {
    name: ['partyname', 'party', 'name', 'ledgername', 'ledger', 'acname', 'accountname', 'account', 'particulars', 'customername', 'suppliername', 'nameofparty', 'partyledger', 'customer', 'supplier'],
    code: ['code', 'partycode', 'accode', 'accountcode', 'alias', 'ledgercode', 'custcode', 'customercode', 'suppliercode', 'partyid'],
    group: ['group', 'under', 'groupname', 'parent', 'accountgroup', 'acgroup', 'partygroup', 'partytype', 'type', 'category'],
    gstin: ['gstin', 'gstinuin', 'gstno', 'gstnumber', 'gst', 'gstinno', 'gstregno', 'gstregistrationno', 'partygstin'],
    pan: ['pan', 'panno', 'pannumber', 'itpan', 'itpanno', 'incometaxno'],
    drugLicence1: ['dlno', 'dlno1', 'dl1', 'druglicence', 'druglicense', 'druglicenceno', 'druglicenseno', 'dlnumber', 'dlno20b', 'druglicno', 'dl'],
    drugLicence2: ['dlno2', 'dl2', 'dlno21b', 'druglicence2', 'druglicense2'],
    address: ['address', 'address1', 'addr', 'add', 'billingaddress', 'mailingaddress', 'addressline1', 'fulladdress'],
    state: ['state', 'statename', 'st'],
    pincode: ['pin', 'pincode', 'postalcode', 'zip', 'zipcode', 'pinno'],
    phone: ['phone', 'mobile', 'mobileno', 'phoneno', 'contact', 'contactno', 'mob', 'mobno', 'telephone', 'tel', 'telno', 'whatsapp', 'ledgermobile'],
    creditLimit: ['creditlimit', 'crlimit', 'limit', 'creditlimitrs'],
    creditDays: ['creditdays', 'crdays', 'creditperiod', 'days', 'duedays'],
    balance: ['balance', 'closingbalance', 'clbal', 'closingbal', 'clbalance', 'closing', 'opbal', 'openingbalance', 'opening', 'openingbal', 'amount', 'outstanding', 'balanceamt', 'balanceamount', 'netbalance'],
    balanceSide: ['drcr', 'dc', 'crdr', 'side'],
    debit: ['debit', 'dr', 'debitamt', 'debitbalance', 'dramount', 'drbalance', 'closingdebit'],
    credit: ['credit', 'cr', 'creditamt', 'creditbalance', 'cramount', 'crbalance', 'closingcredit'],
  },
  [
    ['gstin', ['gstin', 'gstno']],
    ['drugLicence2', ['dlno2', 'druglicence2', 'druglicense2']],
    ['drugLicence1', ['dlno', 'druglic']],
    ['phone', ['mobile', 'phone']],
    ['pincode', ['pincode']],
    ['creditLimit', ['creditlimit', 'crlimit']],
    ['creditDays', ['creditdays', 'crdays']],
    ['debit', ['debit']],
    ['credit', ['credit']],
    ['balance', ['balance', 'bal']],
    ['state', ['state']],
    ['group', ['group']],
    ['address', ['address']],
    ['name', ['name', 'party', 'ledger', 'particular']],
  ],
);

const ITEMS = headerDictionary<string>(
  {
    name: ['itemname', 'item', 'product', 'productname', 'name', 'description', 'itemdescription', 'particulars', 'medicine', 'drugname', 'stockitem', 'stockitemname'],
    code: ['code', 'itemcode', 'productcode', 'alias', 'sku', 'icode', 'prodcode', 'itemid'],
    manufacturer: ['mfr', 'mfg', 'mfgr', 'manufacturer', 'company', 'companyname', 'mfrname', 'make', 'mfgname', 'manufacturername'],
    pack: ['pack', 'packing', 'packsize', 'pk', 'uom', 'unit', 'packing1'],
    hsn: ['hsn', 'hsncode', 'hsnsac', 'hsnno', 'hsnsaccode'],
    gst: ['gst', 'gst%', 'gstrate', 'gstper', 'tax', 'tax%', 'taxrate', 'igst', 'igst%', 'gstrate%'],
    mrp: ['mrp', 'mrprs', 'maxretailprice'],
    ptr: ['ptr', 'rate', 'salerate', 'saleprice', 'tradeprice', 'pricetoretailer', 'srate', 'salesrate'],
    pts: ['pts', 'pricetostockist'],
    scheme: ['scheme', 'sch', 'free', 'deal', 'offer', 'schemes', 'freescheme'],
    barcode: ['barcode', 'ean', 'eancode', 'upc', 'gtin', 'barcodeno'],
  },
  [
    ['barcode', ['barcode', 'ean']],
    ['scheme', ['scheme', 'free']],
    ['pts', ['pts']],
    ['ptr', ['ptr', 'rate']],
    ['mrp', ['mrp']],
    ['gst', ['gst', 'tax']],
    ['hsn', ['hsn']],
    ['pack', ['pack']],
    ['manufacturer', ['mfr', 'manufact', 'company']],
    ['code', ['code']],
    ['name', ['item', 'product', 'name']],
  ],
);

const BILLS = headerDictionary<string>(
  {
    party: ['partyname', 'party', 'name', 'ledgername', 'ledger', 'acname', 'accountname', 'account', 'customer', 'supplier', 'customername', 'suppliername', 'particulars'],
    billNumber: ['billno', 'bill', 'billnumber', 'invoiceno', 'invno', 'invoicenumber', 'invoice', 'refno', 'ref', 'reference', 'voucherno', 'vchno', 'docno', 'billref', 'billrefno', 'refnumber'],
    billDate: ['billdate', 'billdt', 'date', 'invoicedate', 'invdate', 'dt', 'vchdate', 'refdate', 'voucherdate', 'docdate'],
    dueDate: ['duedate', 'dueon', 'duedt'],
    billAmount: ['billamount', 'billamt', 'amount', 'invoiceamount', 'invamt', 'invoiceamt', 'openingamount', 'originalamount', 'netamount', 'billvalue', 'total', 'amt'],
    pending: ['pending', 'pendingamt', 'pendingamount', 'balance', 'balanceamt', 'balanceamount', 'outstanding', 'os', 'osamt', 'dueamount', 'balancedue', 'closingbalance', 'due', 'pendingbalance'],
    pendingSide: ['drcr', 'dc', 'crdr', 'side'],
    partyGstin: ['gstin', 'gstinuin', 'gstno', 'partygstin', 'gst'],
  },
  [
    ['dueDate', ['duedate', 'dueon']],
    ['partyGstin', ['gstin', 'gstno']],
    ['pending', ['pending', 'outstanding', 'balance']],
    ['billDate', ['date', 'billdt']],
    ['billNumber', ['billno', 'invoiceno', 'invno', 'refno', 'vchno', 'billnumber']],
    ['billAmount', ['amount', 'amt', 'value']],
    ['party', ['party', 'name', 'customer', 'supplier', 'ledger', 'particular']],
  ],
);

const TRIAL_BALANCE = headerDictionary<string>(
  {
    head: ['particulars', 'head', 'ledger', 'ledgername', 'account', 'accountname', 'acname', 'name', 'headofaccount', 'accounthead', 'ledgeraccount', 'accounts'],
    group: ['group', 'under', 'groupname', 'parent', 'accountgroup', 'acgroup'],
    debit: ['debit', 'dr', 'debitamt', 'debitbalance', 'closingdebit', 'drbalance', 'dramount', 'debitrs', 'drrs'],
    credit: ['credit', 'cr', 'creditamt', 'creditbalance', 'closingcredit', 'crbalance', 'cramount', 'creditrs', 'crrs'],
    balance: ['balance', 'closingbalance', 'clbal', 'closingbal', 'amount', 'closing', 'openingbalance', 'opbal', 'netbalance'],
    balanceSide: ['drcr', 'dc', 'crdr', 'side'],
  },
  [
    ['debit', ['debit']],
    ['credit', ['credit']],
    ['balance', ['balance', 'bal']],
    ['group', ['group']],
    ['head', ['particular', 'ledger', 'account', 'head', 'name']],
  ],
);

export const FIELD_OF_HEADER: Record<MoveInKind, FieldOfHeader> = { PARTIES, ITEMS, BILLS, TRIAL_BALANCE };

/** The field a row of each kind is named by: the header row must have it. */
export const KEY_FIELD: Record<MoveInKind, string> = { PARTIES: 'name', ITEMS: 'name', BILLS: 'party', TRIAL_BALANCE: 'head' };

/** A balance column heading that means the opening (not the closing) figure. */
export const isOpeningHeader = (header: string) => /^(op|opening)/.test(normaliseHeader(header));
