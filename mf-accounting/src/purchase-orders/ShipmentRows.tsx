import { Link } from 'react-router-dom';
import { CONSIGNMENT_STATUS_LABELS, type OrderDetail } from 'shared-api';
import { formatDate, formatRupees } from 'shared-ui';

/**
 * Issue 39: how the order travels, on the buyer's order page: by the seller's transport or courier (carrier, LR /
 * docket, freight) or by delivery boy, and where it stands; the consignment page has its history and proof.
 */
export function ShipmentRows({ shipment }: { shipment: OrderDetail['shipment'] }) {
  if (!shipment) return null;
  const t = shipment.transport;
  return (
    <>
      <dt>Delivery</dt>
      <dd>
        <Link to={`/orders/orders-overview/${encodeURIComponent(shipment.barcodeId)}`}>{shipment.barcodeId}</Link> · {CONSIGNMENT_STATUS_LABELS[shipment.status]}
      </dd>
      {t ? (
        <>
          <dt>Carrier</dt>
          <dd>{t.transporterName}</dd>
          <dt>LR / docket</dt>
          <dd>
            {t.docketNumber} of {formatDate(t.docketDate)}
            {t.freightPaise !== null && ` · freight ${formatRupees(t.freightPaise)}`}
          </dd>
        </>
      ) : (
        <>
          <dt>Carrier</dt>
          <dd>Medico delivery{shipment.deliveryBoy && ` · ${shipment.deliveryBoy}`}</dd>
        </>
      )}
    </>
  );
}
