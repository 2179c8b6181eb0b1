import { useState } from 'react';
import styled from 'styled-components';
import { EINVOICE_DOCUMENT_LABELS, IRN_CANCEL_WINDOW_HOURS, type EInvoiceDocumentType, type EInvoiceState } from 'shared-api';
import { isApiError, useMyAccount } from 'shared-auth';
import { Button, Card, DetailList, Stack, formatCount, formatDateTime, theme, toast } from 'shared-ui';
import { CancelIrnDialog } from './CancelIrnDialog';
import { isCancellable, mayActOnEInvoices, mayCancelIrn, retryEInvoice } from './e-invoices-api';
import { EInvoiceStatusBadge } from './labels';

/** 64 hex characters: monospace, and broken anywhere rather than pushing a phone's screen sideways. */
export const Irn = styled.span`
  font-family: ${theme.fonts.mono};
  overflow-wrap: anywhere;
`;

/** Once the IRN can no longer be cancelled, the document stands and another one corrects it. */
const CORRECTED_BY: Readonly<Record<EInvoiceDocumentType, string>> = { INV: 'a credit note', CRN: 'a debit note', DBN: 'a credit note' };

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

/** What retrying answered, in one toast. */
export function toastRetried(next: EInvoiceState) {
  if (next.status === 'REGISTERED') toast.success({ title: `${next.documentNumber}: IRN registered`, message: next.irn ?? undefined });
  else if (next.status === 'REFUSED') toast.error({ title: `${next.documentNumber}: the portal refused it`, message: next.refusal?.message });
  else toast.info({ title: `${next.documentNumber}: the portal did not answer`, message: next.nextAttemptAt ? `It is tried again by itself at ${formatDateTime(next.nextAttemptAt)}.` : undefined });
}

/** "Try again now" / "Try again": sends the one document to the portal again and hands on its new state. */
function RetryButton({ eInvoice, label, onChange }: { eInvoice: EInvoiceState; label: string; onChange: (next: EInvoiceState) => unknown }) {
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      const next = await retryEInvoice(eInvoice.id);
      toastRetried(next);
      await onChange(next);
    } catch (err) {
      toast.error({ title: 'It could not be sent again', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="secondary" size="sm" loading={busy} disabled={busy} onClick={() => void retry()}>
      {label}
    </Button>
  );
}

function Attempts({ eInvoice }: { eInvoice: EInvoiceState }) {
  if (eInvoice.attempts === 0) return null;
  return (
    <>
      <dt>Attempts</dt>
      <dd>{`${formatCount(eInvoice.attempts, 'attempt')}${eInvoice.lastAttemptAt ? `, the last at ${formatDateTime(eInvoice.lastAttemptAt)}` : ''}`}</dd>
    </>
  );
}

/**
 * The e-invoice side of an invoice, credit note or debit note (issue 34): its IRN state as a badge, the IRN with its
 * acknowledgement once registered, the portal's reason when refused, when it is tried again while pending, and the
 * IRN's cancellation within its window. `canAct` is false on a copy the unit did not issue (the buyer's view of an
 * invoice): it reads the state and does nothing with it. The signed QR is drawn on the PDF only (no QR library in
 * the browser bundle); the PDF of a document without a registered IRN prints as a draft.
 */
export function IrnPanel({ eInvoice, onChange, canAct = true }: { eInvoice: EInvoiceState; onChange: (next: EInvoiceState) => unknown; canAct?: boolean }) {
  const { data: account } = useMyAccount();
  const [cancelling, setCancelling] = useState(false);
  const acts = canAct && mayActOnEInvoices(account);
  const cancels = canAct && mayCancelIrn(account, eInvoice.documentType);
  const kind = EINVOICE_DOCUMENT_LABELS[eInvoice.documentType].toLowerCase();
  const { status } = eInvoice;
  const cancellable = isCancellable(eInvoice);

  return (
    <Card title="E-invoice" aria-label="E-invoice" actions={<EInvoiceStatusBadge status={status} />}>
      <Stack gap="sm">
        {status === 'PENDING' && (
          <>
            <p>{`The portal has not registered this ${kind} yet. It keeps its number and is sent again by itself.`}</p>
            <DetailList>
              {eInvoice.nextAttemptAt && (
                <>
                  <dt>Next try</dt>
                  <dd>{formatDateTime(eInvoice.nextAttemptAt)}</dd>
                </>
              )}
              <Attempts eInvoice={eInvoice} />
            </DetailList>
            {acts && (
              <div>
                <RetryButton eInvoice={eInvoice} label="Try again now" onChange={onChange} />
              </div>
            )}
          </>
        )}
        {status === 'REFUSED' && (
          <>
            <p role="alert">{`The portal refused this ${kind}: ${eInvoice.refusal?.message ?? 'no reason given'}${eInvoice.refusal ? ` (error ${eInvoice.refusal.code})` : ''}.`}</p>
            <DetailList>
              <Attempts eInvoice={eInvoice} />
            </DetailList>
            {acts && (
              <Stack direction="row" gap="sm" align="center" wrap>
                <Muted>Fix what the portal names (the party's GSTIN, an HSN code…), then send it again.</Muted>
                <RetryButton eInvoice={eInvoice} label="Try again" onChange={onChange} />
              </Stack>
            )}
          </>
        )}
        {(status === 'REGISTERED' || status === 'CANCELLED') && (
          <DetailList>
            <dt>IRN</dt>
            <dd>
              <Irn>{eInvoice.irn}</Irn>
            </dd>
            <dt>Ack No</dt>
            <dd>{eInvoice.ackNo}</dd>
            <dt>Ack date</dt>
            <dd>{eInvoice.ackDate ? formatDateTime(eInvoice.ackDate) : ''}</dd>
            {status === 'CANCELLED' && (
              <>
                <dt>Cancelled</dt>
                <dd>{eInvoice.cancelledAt ? formatDateTime(eInvoice.cancelledAt) : ''}</dd>
                {eInvoice.cancelReason && (
                  <>
                    <dt>Reason</dt>
                    <dd>{`${eInvoice.cancelReason.label}: ${eInvoice.cancelReason.remark}`}</dd>
                  </>
                )}
              </>
            )}
          </DetailList>
        )}
        {status === 'REGISTERED' && <Muted>The signed QR code is printed on the PDF.</Muted>}
        {status === 'REGISTERED' &&
          (cancellable ? (
            cancels && (
              <Stack direction="row" gap="sm" align="center" wrap>
                <Muted>{`The IRN can be cancelled until ${formatDateTime(eInvoice.cancellableUntil!)}.`}</Muted>
                <Button type="button" variant="danger" size="sm" onClick={() => setCancelling(true)}>
                  Cancel IRN
                </Button>
              </Stack>
            )
          ) : (
            <Muted>{`After ${IRN_CANCEL_WINDOW_HOURS} hours only ${CORRECTED_BY[eInvoice.documentType]} can correct it.`}</Muted>
          ))}
        {status !== 'REGISTERED' && <Muted>{status === 'CANCELLED' ? 'The PDF prints as a draft: its IRN is cancelled.' : 'The PDF prints as a draft until the IRN is registered.'}</Muted>}
      </Stack>
      {cancelling && <CancelIrnDialog eInvoice={eInvoice} onClose={() => setCancelling(false)} onCancelled={onChange} />}
    </Card>
  );
}
