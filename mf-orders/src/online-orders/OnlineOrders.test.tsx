import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKETPLACE_PATHS, type OrderDetail, type OrderSummary } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const ORDER_ID = '7f1c3a52-4f0e-4c1b-9a57-2b9a1d1e0c11';
const SUMMARY: OrderSummary = {
  orderId: ORDER_ID,
  orderNumber: 'ORD-2611-000042',
  createdAt: '2026-11-22T05:00:00.000Z',
  status: 'PLACED',
  counterpartyUnitCode: 'RTL-MUM-001',
  counterpartyTradeName: 'Sharma Medical Stores',
  city: 'Mumbai',
  distanceKm: 120.4,
  itemCount: 1,
  taxablePaise: 82500,
  gstPaise: 9900,
  totalPaise: 92400,
};
const DETAIL: OrderDetail = {
  ...SUMMARY,
  callerSide: 'SELLER',
  decidedAt: null,
  lines: [
    {
      lineId: 'l1',
      productName: 'Dolo 650',
      manufacturer: 'Micro Labs',
      pack: '15 tablets',
      hsn: '30049099',
      quantity: 30,
      freeQuantity: 3,
      ptrPaise: 2750,
      mrpPaise: 3400,
      gstRateBp: 1200,
      taxablePaise: 82500,
      gstPaise: 9900,
      totalPaise: 92400,
      allocations: [{ batchNo: 'DL2401', expiryDate: '2027-01-31', quantity: 33 }],
    },
  ],
};

function ordersApi(): FakeRequest[] {
  let order = DETAIL;
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request) => {
      if (request.path === MARKETPLACE_PATHS.receivedOrders) return success({ items: [SUMMARY], totalResults: 1, page: 0, pageSize: 20 });
      if (request.method === 'GET' && request.path === MARKETPLACE_PATHS.order(ORDER_ID)) return success(order);
      if (request.method === 'POST' && request.path === MARKETPLACE_PATHS.acceptOrder(ORDER_ID)) {
        order = { ...order, status: 'ACCEPTED', decidedAt: '2026-11-22T05:10:00.000Z' };
        return success(order);
      }
      return failure(404, 'E0002', 'Not found');
    }),
  );
}

describe('online orders', () => {
  afterEach(resetFakeApi);

  it('lists received orders with trade name, distance, total and status; a row opens the order', async () => {
    ordersApi();
    renderAt('/app', 'orders/online-orders', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Online orders' });
    const row = (await within(table).findByText('ORD-2611-000042')).closest('tr')!;
    expect(within(row).getByText('Sharma Medical Stores')).toBeInTheDocument();
    expect(within(row).getByText('120.4 km')).toBeInTheDocument();
    expect(within(row).getByText('₹924.00')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
    await userEvent.click(row);
    expect(await screen.findByText('Order ORD-2611-000042')).toBeInTheDocument();
  });

  it('accepts a new order after confirmation and shows it accepted', async () => {
    const requests = ordersApi();
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    expect(await screen.findByText('DL2401 (31/01/2027) × 33')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept order' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept order' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === MARKETPLACE_PATHS.acceptOrder(ORDER_ID))).toBe(true);
  });
});
