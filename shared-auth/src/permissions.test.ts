import { CUSTOMER_TYPES } from 'shared-api';
import { canKeepStock, canManageEmployees, canSearch, canUploadInventory, canUseCart, customerListTypes, isActive } from './permissions';

// SPEC.md §6, one row per customer type.
const table = {
  STOCKIST: { search: false, cart: false, upload: true, stock: true, customers: ['STOCKIST', 'HOSPITAL', 'RETAILER'] },
  RETAILER: { search: true, cart: true, upload: false, stock: true, customers: ['STOCKIST'] },
  HOSPITAL: { search: true, cart: true, upload: false, stock: true, customers: ['STOCKIST'] },
  SEASON_BOY: { search: false, cart: false, upload: false, stock: false, customers: ['STOCKIST'] },
  MANUFACTURER: { search: false, cart: false, upload: false, stock: false, customers: ['STOCKIST'] },
} as const;

describe.each(CUSTOMER_TYPES)('%s', (type) => {
  const expected = table[type];
  it('search box, cart, inventory upload and stock screens', () => {
    expect(canSearch(type)).toBe(expected.search);
    expect(canUseCart(type)).toBe(expected.cart);
    expect(canUploadInventory(type)).toBe(expected.upload);
    expect(canKeepStock(type)).toBe(expected.stock);
  });
  it('customer lists', () => {
    expect(customerListTypes(type)).toEqual(expected.customers);
  });
});

describe('employees and activation', () => {
  it('only an owner manages employee logins', () => {
    expect(canManageEmployees('OWNER')).toBe(true);
    expect(canManageEmployees('EMPLOYEE')).toBe(false);
  });
  it('an account is active only if activated is true', () => {
    expect(isActive({ activated: true })).toBe(true);
    expect(isActive({ activated: false })).toBe(false);
  });
});
