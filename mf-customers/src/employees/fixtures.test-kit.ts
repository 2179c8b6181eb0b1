import type { Employee } from 'shared-api';

/** The seed's employee of the demo stockist (team brief "Demo data"), plus one more. */
export const SURESH: Employee = {
  id: '5d0c2a4e-7d1b-4c55-9a52-2f3f0f6a1b01',
  name: 'Suresh Patil',
  mobileNumber: '9800000011',
  email: 'suresh.patil@agarwalpharma.in',
  deliveryStaff: true,
  employeeRole: 'MANAGER',
  createdAt: '2026-11-20T10:00:00.000Z',
};
export const MEENA: Employee = {
  id: '5d0c2a4e-7d1b-4c55-9a52-2f3f0f6a1b02',
  name: 'Meena Kulkarni',
  mobileNumber: '9800000012',
  email: 'meena.kulkarni@agarwalpharma.in',
  deliveryStaff: false,
  employeeRole: 'MANAGER',
  createdAt: '2026-11-21T10:00:00.000Z',
};
