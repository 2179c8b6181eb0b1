import { ButtonLink, Card } from 'shared-ui';
import { ConsignmentsPanel } from '../deliveries-common/ConsignmentsPanel';

/** orders/offline-pickups: goods booked outside the app (sent or collected), with their pickup status. */
export function OfflinePickupsPage() {
  return (
    <Card
      title="Offline pickups"
      aria-label="Offline pickups"
      actions={
        <ButtonLink to="/orders/offline-pickups/add" size="sm">
          Book offline pickup
        </ButtonLink>
      }
    >
      <ConsignmentsPanel label="Offline pickups" kind="OFFLINE" showSide={false} />
    </Card>
  );
}
