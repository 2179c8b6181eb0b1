import type { CustomerType } from 'shared-api';
import { NotAvailableYet } from 'shared-ui';

const PLURAL: Partial<Record<CustomerType, string>> = { STOCKIST: 'stockists', HOSPITAL: 'hospitals', RETAILER: 'retailers' };

/**
 * SPEC.md §2: one list screen for connected users, reused with the user type (STOCKIST, HOSPITAL or RETAILER).
 * The customers issue fills it; who may open which list is the route's access rule (routes.tsx).
 */
export function CustomerListPage({ customerType }: { customerType: CustomerType }) {
  const plural = PLURAL[customerType] ?? 'customers';
  return (
    <NotAvailableYet
      feature={`Connected ${plural}`}
      note={`The ${plural} connected to you, searchable, each with a toggle for access to your inventory.`}
    />
  );
}
