import { z } from 'zod';

import { CUSTOMER_TYPES } from './constants';

export const CustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof CustomerType>;

/** 10-digit Indian mobile number without the +91 prefix (shown with +91 in the UI). */
export const MobileNumber = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, 'Enter a valid 10-digit mobile number');

export const Email = z.string().trim().toLowerCase().email('Enter a valid email');
