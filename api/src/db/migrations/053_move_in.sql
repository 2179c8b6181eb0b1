-- Move-in (issue 36): a distributor's parties, open bills and opening trial balance brought from Marg, Busy or Tally.
-- Every opening amount is a voucher against the OPENING_BALANCES head (shared-api SYSTEM_HEADS); these tables keep
-- what the files said, so a re-import changes nothing and the move-in report can set the books against the files.

-- One per unit that moves in: the day its opening balances are as of, fixed once anything is imported.
CREATE TABLE move_ins (
  unit_id uuid PRIMARY KEY REFERENCES units (id),
  opening_date date NOT NULL,
  -- the opening difference the owner confirmed to OPENING_DIFFERENCE, and its journal
  difference_paise bigint,
  difference_voucher_id uuid,
  difference_confirmed_at timestamptz,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL
);

-- Each file: its preview (the rows as read, kept for the import) and, once imported, what it did. The same bytes of
-- the same kind are imported once per unit (file_hash).
CREATE TABLE move_in_imports (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  kind text NOT NULL CHECK (kind IN ('PARTIES', 'ITEMS', 'BILLS', 'TRIAL_BALANCE')),
  source text NOT NULL CHECK (source IN ('MARG', 'BUSY', 'TALLY', 'SHEET')),
  file_name text NOT NULL,
  file_type text NOT NULL,
  file_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('PREVIEW', 'IMPORTED')),
  -- the preview as shown (shared-api MoveInImport without result), and every valid row for the import
  preview jsonb NOT NULL,
  rows jsonb NOT NULL,
  result jsonb,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  imported_at timestamptz
);
CREATE UNIQUE INDEX move_in_imports_once ON move_in_imports (unit_id, kind, file_hash) WHERE status = 'IMPORTED';
CREATE INDEX move_in_imports_unit ON move_in_imports (unit_id, created_at);

-- A customer or supplier as the unit's old software knew it. Its ledger head is the platform unit's party head when
-- its GSTIN belongs to a unit here (DEBTOR:/CREDITOR:<unit id>), else a head of its own (code 'PARTY:<id>').
CREATE TABLE book_parties (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  role text NOT NULL CHECK (role IN ('CUSTOMER', 'SUPPLIER')),
  code text,
  name text NOT NULL CHECK (length(trim(name)) > 0),
  -- lower case, letters and digits only: "M/s. Shah & Sons" and "SHAH AND SONS" stay apart, "Shah Sons" = "SHAH SONS"
  name_key text NOT NULL,
  gstin text,
  pan text,
  drug_licences text[] NOT NULL DEFAULT '{}',
  address text,
  state_code text,
  pincode text,
  phone text,
  credit_limit_paise bigint,
  credit_days integer,
  -- as the file said, + debit (owed to the unit); null: the file gave none
  file_balance_paise bigint,
  account_id uuid NOT NULL,
  -- false while only a bills file has named it (its master and balance not imported yet): the parties file fills it in
  listed boolean NOT NULL DEFAULT true,
  linked_unit_id uuid REFERENCES units (id),
  invited_at timestamptz,
  import_id uuid REFERENCES move_in_imports (id),
  created_at timestamptz NOT NULL,
  FOREIGN KEY (account_id, unit_id) REFERENCES ledger_accounts (id, unit_id),
  UNIQUE (unit_id, role, name_key)
);
CREATE UNIQUE INDEX book_parties_gstin ON book_parties (unit_id, role, gstin) WHERE gstin IS NOT NULL;
CREATE INDEX book_parties_linked ON book_parties (linked_unit_id) WHERE linked_unit_id IS NOT NULL;

-- An unpaid bill brought in, bill-wise: its voucher (dated the bill's date, so ageing starts right) is the open item
-- a receipt or payment settles by its id (ledger/outstanding.ts).
CREATE TABLE opening_bills (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  side text NOT NULL CHECK (side IN ('RECEIVABLE', 'PAYABLE')),
  party_id uuid NOT NULL REFERENCES book_parties (id),
  bill_number text NOT NULL,
  -- upper case, letters and digits only: how both sides' numbers are compared ("INV/26-27/12" = "INV 26 27 12")
  bill_key text NOT NULL,
  bill_date date NOT NULL,
  due_date date,
  bill_amount_paise bigint,
  pending_paise bigint NOT NULL CHECK (pending_paise > 0),
  voucher_id uuid NOT NULL,
  import_id uuid NOT NULL REFERENCES move_in_imports (id),
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, side, party_id, bill_key)
);
CREATE INDEX opening_bills_key ON opening_bills (bill_key);

-- A line of the opening trial balance and the head it went to (or why it did not: parties and stock come in by
-- their own files).
CREATE TABLE opening_balances (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  head_name text NOT NULL,
  group_code text,
  treatment text NOT NULL CHECK (treatment IN ('POST', 'PARTIES_FILE', 'STOCK_UPLOAD', 'PROFIT_AND_LOSS')),
  balance_paise bigint NOT NULL,
  account_id uuid,
  voucher_id uuid,
  import_id uuid NOT NULL REFERENCES move_in_imports (id),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX opening_balances_head ON opening_balances (unit_id, lower(head_name));

-- A receipt or payment settles an opening bill by its id, like an invoice or a bill (payments/posting.ts).
ALTER TABLE payment_allocations DROP CONSTRAINT payment_allocations_target_check;
ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_target_check
  CHECK (target IN ('SALES_INVOICE', 'PURCHASE_BILL', 'OPENING_BILL', 'ON_ACCOUNT'));
