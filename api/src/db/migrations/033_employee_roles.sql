-- Employee roles (issue 33 item 13): what each employee login may do (shared-api roles.ts). The owner has none (it
-- may do everything); every employee has one. Employees registered before roles keep today's rights: MANAGER is
-- everything but the owner-only routes, which is what every employee could do until now.
ALTER TABLE users ADD COLUMN employee_role text
  CHECK (employee_role IN ('MANAGER', 'ACCOUNTANT', 'BILLING', 'WAREHOUSE', 'DELIVERY'));
UPDATE users SET employee_role = 'MANAGER' WHERE role = 'EMPLOYEE';
ALTER TABLE users ADD CONSTRAINT users_employee_role CHECK ((role = 'EMPLOYEE') = (employee_role IS NOT NULL));
-- The Delivery role carries consignments: such a login is always delivery staff (may be assigned pickups).
ALTER TABLE users ADD CONSTRAINT users_delivery_role_is_staff CHECK (employee_role IS DISTINCT FROM 'DELIVERY' OR delivery_staff);
