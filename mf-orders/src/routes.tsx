import { RouteTable, type RouteEntry } from 'shared-auth';
import { NotAvailableYet } from 'shared-ui';
import { OnlineOrderPage } from './online-orders/OnlineOrderPage';
import { OnlineOrdersPage } from './online-orders/OnlineOrdersPage';

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
  {
    path: 'orders/offline-pickups',
    title: 'Offline Pickups',
    crumbs: [ORDERS],
    element: <NotAvailableYet feature="Offline pickups" note="Pickups booked outside the app, with landmark, mobile, date and pickup status." />,
  },
  {
    path: 'orders/offline-pickups/add',
    title: 'Add Offline Pickup',
    crumbs: [ORDERS, { label: 'Offline Pickups', to: '/orders/offline-pickups' }],
    element: <NotAvailableYet feature="Booking an offline pickup" note="A form to book a pickup by landmark, mobile number and date." />,
  },
  {
    path: 'orders/online-pickups',
    title: 'Online Pickups',
    crumbs: [ORDERS],
    element: <NotAvailableYet feature="Online pickups" note="Pickups of online orders, with vehicle number, delivery boy and pickup status." />,
  },
  {
    path: 'orders/online-orders',
    title: 'Online Orders',
    crumbs: [ORDERS],
    element: <OnlineOrdersPage />,
    access: SELLERS_ONLY,
  },
  {
    path: 'orders/online-orders/:orderId',
    title: 'Online Order',
    crumbs: [ORDERS, { label: 'Online Orders', to: '/orders/online-orders' }],
    element: <OnlineOrderPage />,
    access: SELLERS_ONLY,
  },
  {
    path: 'orders/orders-overview',
    title: 'Orders Overview',
    crumbs: [ORDERS],
    element: <NotAvailableYet feature="Orders overview" note="All orders with their pickup and delivery status, by barcode." />,
  },
  {
    path: 'orders/orders-overview/:barcodeId',
    title: 'Barcode Details',
    crumbs: [ORDERS, { label: 'Orders Overview', to: '/orders/orders-overview' }],
    element: <NotAvailableYet feature="Barcode details" note="The order and deliveries behind one barcode." />,
  },
  {
    path: 'orders/outward-stock-registry',
    title: 'Outward Stock Registry',
    crumbs: [ORDERS],
    element: <NotAvailableYet feature="The outward stock registry" note="Every entry of stock that left your warehouse." />,
  },
  {
    path: 'orders/outward-stock-registry/add',
    title: 'Add Outward Stock Entry',
    crumbs: [ORDERS, { label: 'Outward Stock Registry', to: '/orders/outward-stock-registry' }],
    element: <NotAvailableYet feature="Adding outward stock" note="A form to record stock leaving your warehouse." />,
  },
  {
    path: 'delivery-tracking',
    title: 'Delivery Tracking',
    crumbs: [],
    element: <NotAvailableYet feature="Delivery tracking" note="Where your deliveries and pickups are on their way." />,
  },
  {
    path: 'outward-stock-registry',
    title: 'Outward Stock Registry',
    crumbs: [],
    element: <NotAvailableYet feature="The outward stock registry" note="Every entry of stock that left your warehouse." />,
  },
  {
    path: 'outward-stock-registry/add',
    title: 'Add Outward Stock Entry',
    crumbs: [OUTWARD_STOCK],
    element: <NotAvailableYet feature="Adding outward stock" note="A form to record stock leaving your warehouse." />,
  },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
