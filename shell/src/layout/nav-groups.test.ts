import type { EmployeeRole } from 'shared-api';
import { activeLinkFor, navGroupsFor } from './nav-groups';

const ids = (groups: ReturnType<typeof navGroupsFor>) => groups.map((g) => g.id);
const links = (groups: ReturnType<typeof navGroupsFor>, id: string) => groups.find((g) => g.id === id)?.links?.map((l) => l.label);

describe('navigation groups by role (SPEC.md §2, §6)', () => {
  it('gives a stockist owner every group, Inventory upload and all three customer lists', () => {
    const groups = navGroupsFor({ customerType: 'STOCKIST', role: 'OWNER' });
    expect(ids(groups)).toEqual(['dashboard', 'orders', 'billing', 'payments', 'sales', 'purchases', 'stores', 'books', 'inventory', 'customers', 'employees', 'settings']);
    expect(links(groups, 'books')).toEqual(['Ledgers', 'Profit & Loss', 'Journals', 'Account Heads', 'GST Returns']);
    expect(links(groups, 'sales')).toEqual(['Online Sales', 'In-store Sales', 'Sales Returns', 'E-invoices', 'Sales Reports']);
    expect(links(groups, 'purchases')).toEqual(['Purchase Invoices', 'Purchase Returns', 'Purchase Reports']);
    expect(links(groups, 'orders')).toEqual(['Orders Overview', 'Online Pickups', 'Offline Pickups', 'Online Orders', 'Delivery Tracking', 'Outward Stock Registry']);
    expect(links(groups, 'billing')).toEqual(['Medico Invoice', 'Connected Users', 'UPI Details']);
    expect(links(groups, 'payments')).toEqual(['Receive Payments', 'Make Payments', 'Create UPI Payment', 'Memo to Payment', 'UPI Accounts']);
    expect(links(groups, 'inventory')).toEqual(['Upload Inventory', 'Clear Near Expiry', 'Recalls']);
    expect(links(groups, 'customers')).toEqual(['Stockists', 'Hospitals', 'Retailers']);
    expect(links(groups, 'employees')).toEqual(['Logins']);
    expect(links(groups, 'settings')).toEqual(['Move in']);
  });

  it.each(['RETAILER', 'HOSPITAL'] as const)('gives a %s no Inventory group, only the Stockists list, and its Purchase Orders', (customerType) => {
    const groups = navGroupsFor({ customerType, role: 'OWNER' });
    expect(ids(groups)).not.toContain('inventory');
    expect(links(groups, 'stock')).toEqual(['Stocks', 'Expiry List', 'Recalls']);
    expect(links(groups, 'customers')).toEqual(['Stockists']);
    expect(links(groups, 'orders')).toEqual(['Orders Overview', 'Online Pickups', 'Offline Pickups', 'Online Orders', 'Purchase Orders', 'Delivery Tracking', 'Outward Stock Registry']);
    expect(activeLinkFor(groups, '/purchases/orders/7f1c3a52/view')).toBe('/purchases/orders');
  });

  it.each(['STOCKIST', 'RETAILER', 'HOSPITAL'] as const)('gives a %s the Books group with its links, Stores still on its own', (customerType) => {
    const groups = navGroupsFor({ customerType, role: 'EMPLOYEE', employeeRole: 'MANAGER' });
    const books = groups.find((g) => g.id === 'books');
    expect(books).toMatchObject({ label: 'Books', icon: 'billing' });
    expect(books?.links?.map((l) => l.to)).toEqual(['/ledgers', '/profit&loss', '/journals/dashboard', '/heads/dashboard', '/sales/gst-returns']);
    expect(groups.find((g) => g.id === 'stores')).toMatchObject({ to: '/stores/dashboard' });
    expect(ids(groups).indexOf('books')).toBe(ids(groups).indexOf('stores') + 1);
  });

  it('puts My Deliveries first for season boys and for employees marked as delivery staff, not for other employees', () => {
    expect(links(navGroupsFor({ customerType: 'SEASON_BOY', role: 'OWNER' }), 'orders')?.[0]).toBe('My Deliveries');
    expect(links(navGroupsFor({ customerType: 'STOCKIST', role: 'EMPLOYEE', employeeRole: 'MANAGER', deliveryStaff: true }), 'orders')?.[0]).toBe('My Deliveries');
    expect(links(navGroupsFor({ customerType: 'STOCKIST', role: 'EMPLOYEE', employeeRole: 'MANAGER', deliveryStaff: false }), 'orders')).not.toContain('My Deliveries');
    expect(links(navGroupsFor({ customerType: 'SEASON_BOY', role: 'OWNER' }), 'orders')).not.toContain('Outward Stock Registry');
  });

  it("gives a season boy his deliveries and no sales, purchases, books or sellers' order screens", () => {
    const boy = navGroupsFor({ customerType: 'SEASON_BOY', role: 'OWNER' });
    for (const id of ['sales', 'purchases', 'stores', 'books', 'settings']) expect(ids(boy)).not.toContain(id);
    expect(links(boy, 'orders')).toEqual(['My Deliveries']);
    expect(ids(boy)).toEqual(expect.arrayContaining(['dashboard', 'orders', 'billing', 'payments']));
  });

  it('hides Employees from an employee login', () => {
    expect(ids(navGroupsFor({ customerType: 'STOCKIST', role: 'EMPLOYEE', employeeRole: 'MANAGER' }))).not.toContain('employees');
  });

  // Issue 33 item 13: no entry a login cannot use.
  describe('by employee role', () => {
    const stockist = (employeeRole: EmployeeRole, deliveryStaff = false) => navGroupsFor({ customerType: 'STOCKIST', role: 'EMPLOYEE', employeeRole, deliveryStaff });
    const owner = navGroupsFor({ customerType: 'STOCKIST', role: 'OWNER' });

    it('gives a manager everything the owner has but Employees and Settings', () => {
      expect(stockist('MANAGER')).toEqual(owner.filter((g) => g.id !== 'employees' && g.id !== 'settings'));
    });

    it('gives Delivery My Deliveries only (and no dashboard)', () => {
      expect(stockist('DELIVERY').map((g) => [g.id, g.links?.map((l) => l.label) ?? g.to])).toEqual([['orders', ['My Deliveries']]]);
    });

    it('gives an accountant the books, payments, returns and GST files, no stock write-off or uploads', () => {
      const groups = stockist('ACCOUNTANT');
      expect(ids(groups)).toEqual(['dashboard', 'orders', 'billing', 'payments', 'sales', 'purchases', 'stores', 'books', 'inventory']);
      expect(links(groups, 'books')).toEqual(['Ledgers', 'Profit & Loss', 'Journals', 'Account Heads', 'GST Returns']);
      expect(links(groups, 'sales')).toEqual(['Online Sales', 'In-store Sales', 'Sales Returns', 'E-invoices', 'Sales Reports']);
      expect(links(groups, 'orders')).toEqual(['Outward Stock Registry']);
      expect(links(groups, 'inventory')).toEqual(['Clear Near Expiry', 'Recalls']);
      expect(links(groups, 'billing')).toEqual(['Medico Invoice', 'UPI Details']);
    });

    it('gives Billing sales, orders and customers, and no books or payments', () => {
      const groups = stockist('BILLING');
      expect(ids(groups)).toEqual(['dashboard', 'orders', 'billing', 'sales', 'inventory', 'customers']);
      expect(links(groups, 'orders')).toEqual(['Online Orders', 'Outward Stock Registry']);
      expect(links(groups, 'sales')).toEqual(['Online Sales', 'In-store Sales', 'E-invoices', 'Sales Reports']);
      expect(links(groups, 'billing')).toEqual(['Connected Users']);
    });

    it('gives Warehouse stock, uploads and pickups', () => {
      const groups = stockist('WAREHOUSE', true);
      expect(ids(groups)).toEqual(['dashboard', 'orders', 'purchases', 'inventory']);
      expect(links(groups, 'orders')).toEqual(['My Deliveries', 'Orders Overview', 'Online Pickups', 'Offline Pickups', 'Delivery Tracking', 'Outward Stock Registry']);
      expect(links(groups, 'inventory')).toEqual(['Upload Inventory', 'Clear Near Expiry', 'Recalls']);
    });

    it('shows an employee with no known role nothing but what every member has (fail closed)', () => {
      expect(navGroupsFor({ customerType: 'STOCKIST', role: 'EMPLOYEE' })).toEqual([]);
    });
  });

  // Issue 35: "Recalls" for every stock keeper, manufacturers and staff; a recall's own page lights it.
  it('gives stock keepers, manufacturers and staff "Recalls", and a season boy none', () => {
    expect(activeLinkFor(navGroupsFor({ customerType: 'STOCKIST', role: 'OWNER' }), '/stocks/recalls/new')).toBe('/stocks/recalls');
    expect(activeLinkFor(navGroupsFor({ customerType: 'RETAILER', role: 'OWNER' }), '/stocks/recalls/7f1c3a52')).toBe('/stocks/recalls');
    const manufacturer = navGroupsFor({ customerType: 'MANUFACTURER', role: 'OWNER' });
    expect(manufacturer.find((g) => g.id === 'recalls')).toMatchObject({ label: 'Recalls', to: '/stocks/recalls', permission: 'STOCK_READ' });
    expect(ids(navGroupsFor({ customerType: 'MANUFACTURER', role: 'EMPLOYEE', employeeRole: 'DELIVERY', deliveryStaff: true }))).not.toContain('recalls');
    expect(JSON.stringify(navGroupsFor({ customerType: 'SEASON_BOY', role: 'OWNER' }))).not.toContain('/stocks/recalls');
  });

  // Issue 36: the owner brings the books over from Marg, Busy or Tally (Settings → Move in); its pages light the link.
  it.each(['STOCKIST', 'RETAILER', 'HOSPITAL'] as const)('gives a %s owner Settings → Move in, owner only, and no employee or staff', (customerType) => {
    const groups = navGroupsFor({ customerType, role: 'OWNER' });
    expect(groups.find((g) => g.id === 'settings')).toMatchObject({ label: 'Settings', icon: 'settings', links: [{ label: 'Move in', to: '/move-in', permission: 'OWNER_ONLY' }] });
    expect(activeLinkFor(groups, '/move-in/import/bills')).toBe('/move-in');
    expect(ids(navGroupsFor({ customerType, role: 'EMPLOYEE', employeeRole: 'ACCOUNTANT' }))).not.toContain('settings');
    expect(ids(navGroupsFor({ customerType, role: 'OWNER' }, { staff: true }))).not.toContain('settings');
  });

  it('opens the dashboard on the online-pickups tab', () => {
    expect(navGroupsFor({ customerType: 'RETAILER', role: 'OWNER' })[0]?.to).toBe('/dashboard?tab=online-pickups');
  });
});

describe('activeLinkFor', () => {
  const groups = navGroupsFor({ customerType: 'STOCKIST', role: 'OWNER' });

  it('highlights the most specific link for a path and the pages below it', () => {
    expect(activeLinkFor(groups, '/customers/stockists')).toBe('/customers/stockists');
    expect(activeLinkFor(groups, '/customers')).toBe('/customers');
    expect(activeLinkFor(groups, '/orders/online-orders/ORD-1')).toBe('/orders/online-orders');
    expect(activeLinkFor(groups, '/sales/returns/CN-1')).toBe('/sales/returns');
    expect(activeLinkFor(groups, '/dashboard')).toBe('/dashboard?tab=online-pickups');
    // GST returns sit under /sales but belong to Books.
    expect(activeLinkFor(groups, '/sales/gst-returns')).toBe('/sales/gst-returns');
    expect(activeLinkFor(groups, '/profit&loss')).toBe('/profit&loss');
  });

  it('highlights nothing for a page outside the navigation', () => {
    expect(activeLinkFor(groups, '/profile')).toBeNull();
  });

  it('gives back-office staff the dashboard, the verification queue, recalls and the catalogue', () => {
    const groups = navGroupsFor({ customerType: 'MANUFACTURER', role: 'OWNER' }, { staff: true });
    expect(groups.map((g) => [g.label, g.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Verifications', '/staff/verifications'],
      ['Recalls', '/stocks/recalls'],
      ['Catalogue', '/stocks/catalogue'],
    ]);
    expect(activeLinkFor(groups, '/staff/verifications')).toBe('/staff/verifications');
    expect(activeLinkFor(groups, '/stocks/catalogue')).toBe('/stocks/catalogue');
  });
});
