import { z } from 'zod';
import { CustomerType } from './common';
import { EmployeeRole } from './roles';

/** GET /b2bapp/myaccount (SPEC.md §3 Account + User details). */
export const MyAccount = z.object({
  userId: z.string(),
  role: z.enum(['OWNER', 'EMPLOYEE']),
  firstName: z.string(),
  lastName: z.string(),
  customerType: CustomerType,
  customerTypeLogo: z.string(),
  unitCode: z.string(),
  tradeName: z.string(),
  mobileNumber: z.string(),
  email: z.string().nullable(),
  deliveryMarket: z.string().nullable(),
  activated: z.boolean(),
  tradeHeader: z.string().nullable(),
  tradeFooter: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  subscription: z.object({ type: z.string(), validUntil: z.string().nullable() }).nullable(),
  /** An employee marked as delivery staff (issue 12): the navigation offers My Deliveries. Absent means no. */
  deliveryStaff: z.boolean().optional(),
  /** An employee's role (roles.ts): what the API lets it do and the navigation shows. Absent for the owner. */
  employeeRole: EmployeeRole.optional(),
});
export type MyAccount = z.infer<typeof MyAccount>;

export const Warehouse = z.object({
  id: z.string(),
  displayName: z.string(),
  isActive: z.boolean(),
  profileImage: z.string().nullable(),
  market: z.object({ name: z.string() }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Address of the warehouse (profile: add and edit warehouses). */
  addressLine: z.string().nullable().optional(),
  pincode: z.string().nullable().optional(),
  /** Closed by its owner through this day ('YYYY-MM-DD', inclusive, IST), with the note buyers were given; absent, null or a past day: open. */
  closedUntil: z.string().nullable().optional(),
  closedNote: z.string().nullable().optional(),
});
export type Warehouse = z.infer<typeof Warehouse>;
export const WarehouseList = z.array(Warehouse);

export const WarehouseIdParams = z.object({ id: z.string().min(1) });
