import { z } from 'zod';
import { IsoDate, MobileNumber } from './common';
import { bankAccountNumberOk, ifscOk, vpaOk } from './identifiers';
import { Application, DOCUMENT_MIME_TYPES } from './registration';


export const Preferences = z.object({
  /** paise; null: no minimum */
  minimumOrderPaise: z.number().int().min(0).max(100_000_000).nullable(),
  whatsappNumber: MobileNumber.nullable(),
  autoApprove: z.boolean(),
  hasPaymentQr: z.boolean(),
});
export type Preferences = z.infer<typeof Preferences>;
/** Auto-approve is set through the connections feature (CONNECTIONS_PATHS.autoApprove), with its confirmation. */
export const PreferencesUpdate = Preferences.omit({ hasPaymentQr: true, autoApprove: true });
export type PreferencesUpdate = z.infer<typeof PreferencesUpdate>;

export const PaymentQrUpload = z.object({
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/webp'], { message: 'The QR code must be an image (PNG, JPEG or WebP)' }),
  contentBase64: z.string().min(1),
});
export const PaymentQr = z.object({ dataUrl: z.string().nullable() });

export const TradeTexts = z.object({
  tradeHeader: z.string().trim().max(300).nullable(),
  tradeFooter: z.string().trim().max(300).nullable(),
});

/** GET /b2bapp/profile: what the account summary (/b2bapp/myaccount) does not carry. */
export const Profile = z.object({
  isStaff: z.boolean(),
  /** The unit's application (identifiers, documents, status and any rejection reason); null for units made before registration existed. */
  application: Application.nullable(),
  preferences: Preferences,
  referralFreeDeliveries: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

export const PayoutAccount = z.object({
  id: z.string(),
  kind: z.enum(['BANK', 'UPI']),
  accountName: z.string(),
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  vpa: z.string().nullable(),
  /** The UPI account on the unit's QR codes and invoices (one per unit; payments/upi/* sets it). */
  isDefault: z.boolean(),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;

/** Invalid details are answered E0060 (bank) / E0059 (UPI) by the API, with the field that is wrong. */
export const AddPayoutAccount = z.object({
  kind: z.enum(['BANK', 'UPI']),
  accountName: z.string().trim().min(1, 'Name is required').max(100),
  accountNumber: z.string().trim().optional(),
  ifsc: z.string().trim().toUpperCase().optional(),
  vpa: z.string().trim().optional(),
});
export type AddPayoutAccount = z.infer<typeof AddPayoutAccount>;
export const payoutRules = { ifscOk, vpaOk, bankAccountNumberOk };

export const WarehouseInput = z.object({
  displayName: z.string().trim().min(1, 'Name is required').max(80),
  addressLine: z.string().trim().min(1, 'Address is required').max(200),
  pincode: z.string().trim().regex(/^[1-9]\d{5}$/, 'Enter a valid 6-digit pincode'),
  city: z.string().trim().min(1, 'Market/city is required').max(80),
  latitude: z.number().min(6).max(38).nullable(),
  longitude: z.number().min(68).max(98).nullable(),
});
export type WarehouseInput = z.infer<typeof WarehouseInput>;
export const QR_MIME_TYPES = DOCUMENT_MIME_TYPES.filter((m) => m.startsWith('image/'));

/**
 * POST PROFILE_PATHS.warehouseClosed (owner): the warehouse is closed through `closedUntil` (inclusive, IST, not in
 * the past), with a note its connected buyers read in a STORE_CLOSED notification; `closedUntil: null` reopens it.
 * Answers the warehouse list (Warehouse.closedUntil / closedNote).
 */
export const WarehouseClosure = z
  .object({
    closedUntil: IsoDate.nullable(),
    note: z.string().trim().max(200, 'At most 200 characters').default(''),
  })
  .refine((c) => c.closedUntil === null || c.note.length > 0, { message: 'Tell your buyers why (e.g. a holiday)', path: ['note'] });
export type WarehouseClosure = z.input<typeof WarehouseClosure>;
