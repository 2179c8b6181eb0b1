import { RouteTable, type RouteEntry } from 'shared-auth';
import { DeliveryTrackingPage } from './delivery-tracking/DeliveryTrackingPage';
import { MY_DELIVERIES_ACCESS, MyDeliveriesPage } from './my-deliveries/MyDeliveriesPage';
import { OnlineOrderPage } from './online-orders/OnlineOrderPage';
import { OnlineOrdersPage } from './online-orders/OnlineOrdersPage';
import { ConsignmentPage } from './orders-overview/ConsignmentPage';
import { OrdersOverviewPage } from './orders-overview/OrdersOverviewPage';
import { AddOutwardEntryPage } from './outward-stock-registry/AddOutwardEntryPage';
import { OutwardRegisterPage } from './outward-stock-registry/OutwardRegisterPage';
import { AddOfflinePickupPage } from './pickups/AddOfflinePickupPage';
import { OfflinePickupsPage } from './pickups/OfflinePickupsPage';
import { OnlinePickupsPage } from './pickups/OnlinePickupsPage';

const ORDERS = { label: 'Orders', to: '/orders' };
/** Online orders are received by sellers (stockists); buyers see the orders they placed under Purchase Orders. */
const SELLERS_ONLY = {
  allow: (account: { customerType: string }) => account.customerType === 'STOCKIST',
  denied: 'Online orders are received by stockists. The orders you placed are under Purchase Orders in the menu.',
};
const OUTWARD_STOCK = { label: 'Outward Stock Registry', to: '/outward-stock-registry' };

/** SPEC.md §2 "orders", "delivery-tracking", "outward-stock-registry": every screen of mf-orders. */
export const routes: readonly RouteEntry[] = [
  { path: 'orders', redirectTo: '/orders/offline-pickups' },
  { path: 'orders/offline-pickups', title: 'Offline Pickups', crumbs: [ORDERS], element: <OfflinePickupsPage /> },
  {
    path: 'orders/offline-pickups/add',
    title: 'Add Offline Pickup',
    crumbs: [ORDERS, { label: 'Offline Pickups', to: '/orders/offline-pickups' }],
    element: <AddOfflinePickupPage />,
  },
  { path: 'orders/online-pickups', title: 'Online Pickups', crumbs: [ORDERS], element: <OnlinePickupsPage />, access: SELLERS_ONLY },
  { path: 'orders/online-orders', title: 'Online Orders', crumbs: [ORDERS], element: <OnlineOrdersPage />, access: SELLERS_ONLY },
  {
    path: 'orders/online-orders/:orderId',
    title: 'Online Order',
    crumbs: [ORDERS, { label: 'Online Orders', to: '/orders/online-orders' }],
    element: <OnlineOrderPage />,
    access: SELLERS_ONLY,
  },
  { path: 'orders/orders-overview', title: 'Orders Overview', crumbs: [ORDERS], element: <OrdersOverviewPage /> },
  {
    path: 'orders/orders-overview/:barcodeId',
    title: 'Barcode Details',
    crumbs: [ORDERS, { label: 'Orders Overview', to: '/orders/orders-overview' }],
    element: <ConsignmentPage />,
  },
  // The delivery boy's day (issue 12): season boys and employees marked as delivery staff.
  { path: 'orders/my-deliveries', title: 'My Deliveries', crumbs: [ORDERS], element: <MyDeliveriesPage />, access: MY_DELIVERIES_ACCESS },
  { path: 'orders/outward-stock-registry', title: 'Outward Stock Registry', crumbs: [ORDERS], element: <OutwardRegisterPage /> },
  {
    path: 'orders/outward-stock-registry/add',
    title: 'Add Outward Stock Entry',
    crumbs: [ORDERS, { label: 'Outward Stock Registry', to: '/orders/outward-stock-registry' }],
    element: <AddOutwardEntryPage />,
  },
  { path: 'delivery-tracking', title: 'Delivery Tracking', crumbs: [], element: <DeliveryTrackingPage /> },
  { path: 'outward-stock-registry', title: 'Outward Stock Registry', crumbs: [], element: <OutwardRegisterPage /> },
  { path: 'outward-stock-registry/add', title: 'Add Outward Stock Entry', crumbs: [OUTWARD_STOCK], element: <AddOutwardEntryPage /> },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
