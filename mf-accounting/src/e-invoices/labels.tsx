import { EINVOICE_STATUS_LABELS, type EInvoiceStatus } from 'shared-api';
import { Badge, type BadgeTone } from 'shared-ui';

const TONES: Readonly<Record<EInvoiceStatus, BadgeTone>> = { PENDING: 'warning', REGISTERED: 'success', REFUSED: 'danger', CANCELLED: 'info' };

/** "IRN pending" / "IRN registered" / "IRN refused" / "IRN cancelled" as a coloured pill (plain text when printed). */
export function EInvoiceStatusBadge({ status }: { status: EInvoiceStatus }) {
  return <Badge tone={TONES[status]}>{EINVOICE_STATUS_LABELS[status]}</Badge>;
}
