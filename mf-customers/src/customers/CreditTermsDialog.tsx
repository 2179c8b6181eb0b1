import { useState } from 'react';
import { CREDIT_PATHS, MAX_CREDIT_DAYS, type ConnectedUser, type CreditTerms } from 'shared-api';
import { api, isApiError } from 'shared-auth';
import styled from 'styled-components';
import { Button, Checkbox, Modal, Stack, TextInput, formatRupees, parseRupees, theme, toast } from 'shared-ui';

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  small {
    color: ${theme.colors.textMuted};
  }
  small[role='alert'] {
    color: ${theme.colors.danger};
  }
`;

/** "30 days · limit ₹50,000.00 · blocks" for the customers list; "—" when none are set. */
export function creditTermsText(terms: CreditTerms | null | undefined): string {
  if (!terms || (terms.creditDays === null && terms.creditLimitPaise === null)) return terms?.blockNewOrders ? 'On receipt · blocks when overdue' : '—';
  const parts = [terms.creditDays ? `${terms.creditDays} days` : 'On receipt', terms.creditLimitPaise !== null ? `limit ${formatRupees(terms.creditLimitPaise)}` : 'no limit'];
  if (terms.blockNewOrders) parts.push('blocks new orders');
  return parts.join(' · ');
}

/**
 * The seller sets a buyer's credit terms (issue 39): credit days (the invoice's due date = its date + these days;
 * empty: due on receipt), a credit limit (empty: none) and whether a new order is refused while the buyer is overdue
 * or the order would take it over the limit (else the buyer's cart only warns).
 */
export function CreditTermsDialog({ row, onClose, onSaved }: { row: ConnectedUser; onClose: () => void; onSaved: () => void }) {
  const terms = row.creditTerms;
  const [days, setDays] = useState(terms?.creditDays ? String(terms.creditDays) : '');
  const [limit, setLimit] = useState(terms?.creditLimitPaise != null ? String(terms.creditLimitPaise / 100) : '');
  const [block, setBlock] = useState(terms?.blockNewOrders ?? false);
  const [busy, setBusy] = useState(false);

  const dayCount = days.trim() === '' ? null : /^\d+$/.test(days.trim()) ? Number(days.trim()) : NaN;
  const daysError = dayCount !== null && (Number.isNaN(dayCount) || dayCount > MAX_CREDIT_DAYS) ? `Whole days from 0 to ${MAX_CREDIT_DAYS}` : undefined;
  const limitPaise = limit.trim() === '' ? null : parseRupees(limit);
  const limitError = limit.trim() !== '' && limitPaise === null ? 'An amount in rupees, e.g. 50000' : undefined;

  async function save() {
    if (daysError || limitError) return;
    setBusy(true);
    try {
      await api.post<CreditTerms>(CREDIT_PATHS.terms, { connectionId: row.connectionId, creditDays: dayCount, creditLimitPaise: limitPaise, blockNewOrders: block });
      toast.success({ title: 'Credit terms saved', message: row.tradeName });
      onSaved();
    } catch (e) {
      toast.error({ title: 'Credit terms not saved', message: isApiError(e) ? e.message : 'Please try again' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`Credit terms for ${row.tradeName}`}
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} disabled={!!daysError || !!limitError} onClick={() => void save()}>
            Save terms
          </Button>
        </>
      }
    >
      <Stack gap="md">
        <Field>
          Credit days
          <TextInput inputMode="numeric" invalid={!!daysError} value={days} placeholder="Empty: due on receipt" onChange={(e) => setDays(e.currentTarget.value)} />
          {daysError ? <small role="alert">{daysError}</small> : <small>The invoice is due this many days after its date</small>}
        </Field>
        <Field>
          Credit limit (₹)
          <TextInput inputMode="decimal" invalid={!!limitError} value={limit} placeholder="Empty: no limit" onChange={(e) => setLimit(e.currentTarget.value)} />
          {limitError ? <small role="alert">{limitError}</small> : <small>Open invoices and orders not yet invoiced count towards it</small>}
        </Field>
        <Checkbox label="Block new orders when overdue or over the limit" checked={block} onChange={(e) => setBlock(e.currentTarget.checked)} />
      </Stack>
    </Modal>
  );
}
