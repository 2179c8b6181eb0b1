import { EMPLOYEE_ROLES, PERMISSIONS, ROLE_PERMISSIONS, hasPermission, roleLabel } from './roles';

describe('employee roles (issue 33 item 13)', () => {
  it('gives the owner everything, OWNER_ONLY included', () => {
    for (const permission of PERMISSIONS) expect([permission, hasPermission({ role: 'OWNER' }, permission)]).toEqual([permission, true]);
  });

  it('gives a manager everything but the owner-only routes: what every employee could do before roles', () => {
    expect(PERMISSIONS.filter((p) => !hasPermission({ role: 'EMPLOYEE', employeeRole: 'MANAGER' }, p))).toEqual(['OWNER_ONLY']);
  });

  it('never gives an employee role OWNER_ONLY, and always ANY_MEMBER', () => {
    for (const employeeRole of EMPLOYEE_ROLES) {
      expect([employeeRole, hasPermission({ role: 'EMPLOYEE', employeeRole }, 'OWNER_ONLY')]).toEqual([employeeRole, false]);
      expect([employeeRole, hasPermission({ role: 'EMPLOYEE', employeeRole }, 'ANY_MEMBER')]).toEqual([employeeRole, true]);
    }
  });

  it('keeps the stock write-off from the accountant and everything but deliveries from Delivery', () => {
    expect(hasPermission({ role: 'EMPLOYEE', employeeRole: 'ACCOUNTANT' }, 'STOCK_WRITE_OFF')).toBe(false);
    expect(hasPermission({ role: 'EMPLOYEE', employeeRole: 'WAREHOUSE' }, 'STOCK_WRITE_OFF')).toBe(true);
    expect(ROLE_PERMISSIONS.DELIVERY).toEqual(['ANY_MEMBER', 'DELIVERIES_OWN']);
  });

  it('fails closed for an employee without a known role', () => {
    expect(PERMISSIONS.filter((p) => hasPermission({ role: 'EMPLOYEE' }, p))).toEqual(['ANY_MEMBER']);
    expect(PERMISSIONS.filter((p) => hasPermission({ role: 'EMPLOYEE', employeeRole: 'ADMIN' as never }, p))).toEqual(['ANY_MEMBER']);
  });

  it('names the role for the profile', () => {
    expect(roleLabel({ role: 'OWNER' })).toBe('Owner');
    expect(roleLabel({ role: 'EMPLOYEE', employeeRole: 'BILLING' })).toBe('Billing');
  });
});
