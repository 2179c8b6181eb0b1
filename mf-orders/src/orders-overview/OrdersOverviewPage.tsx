import { ConsignmentsPanel } from '../deliveries-common/ConsignmentsPanel';

/** orders/orders-overview: every consignment the unit sends, receives or booked, with pickup and delivery status. */
export function OrdersOverviewPage() {
  return <ConsignmentsPanel label="Orders overview" />;
}
