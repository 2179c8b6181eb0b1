import { z } from 'zod';

export const CUSTOMER_TYPES = ['STOCKIST', 'RETAILER', 'HOSPITAL', 'SEASON_BOY', 'MANUFACTURER'] as const;
export const CustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof CustomerType>;

/** 10-digit Indian mobile number without the +91 prefix (shown with +91 in the UI). */
export const MobileNumber = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, 'Enter a valid 10-digit mobile number');

export const Email = z.string().trim().toLowerCase().email('Enter a valid email');

export const OS_TYPES = ['WINDOWS', 'MAC_OS', 'LINUX', 'ANDROID', 'IOS'] as const;
export const DEVICE_TYPES = ['Mobile', 'Tablet', 'Desktop'] as const;
