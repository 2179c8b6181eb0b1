import { z } from 'zod';
import { CUSTOMER_TYPES } from './constants';
import { Email, MobileNumber } from './common';
import {
  aadhaarOk,
  drivingLicenceOk,
  drugLicenceOk,
  foodLicenceOk,
  gstinOk,
  panOk,
  pincodeOk,
  vehicleNumberOk,
} from './identifiers';

/**
 * Registration and verification (issue 5, SPEC.md §2, §3, §5). The screens check every field with shared-ui's
 * validators and the API checks them again with these schemas; both use the one set of identifier rules in
 * identifiers.ts.
 */

/** Largest licence document accepted (PDF or image). */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;


/** Trade names are compared ignoring case, punctuation, spacing and "M/s". */
export const normaliseTradeName = (name: string): string =>
  name
    .toUpperCase()
    .replace(/^M\s*\/\s*S\.?\s+/, '')
    .replace(/[^A-Z0-9]/g, '');

export const MESSAGES = {
  gstin: 'Enter a valid GSTIN',
  pan: 'Enter a valid PAN',
  gstinOrPan: 'Either GSTIN or PAN is needed',
  aadhaar: 'Enter a valid Aadhaar number',
  drugLicence1: 'Drug licence 1 is required',
  drugLicence2: 'Drug licence 2 is required',
  drugLicence: 'Enter a valid drug licence number',
  foodLicence: 'Enter a valid food licence',
  tradeNameMatch: 'Trade name must match the GST certificate',
  panMatchesGstin: 'PAN must be the one inside the GSTIN',
  drivingLicence: 'Driving licence is required',
  dateOfBirth: 'Date of birth is required',
  vehicleNumber: 'Vehicle number is required',
  vehicleType: 'Vehicle type is required',
  terms: 'Accept terms and conditions',
  consent: 'Accept consent',
} as const;

// ---------- pincode ----------

export const PincodeQuery = z.object({ pincode: z.string().trim().refine(pincodeOk, 'Enter a valid 6-digit pincode') });
export const PincodePlace = z.object({
  pincode: z.string(),
  office: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  /** The post office / town centre (WGS84): a starting point for the map pin, and where "near this pincode" measures from. */
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});
export type PincodePlace = z.infer<typeof PincodePlace>;

// ---------- OTP ----------

export const RegistrationOtpRequest = z.object({ mobileNumber: MobileNumber, resend: z.boolean().optional() });
export const RegistrationOtpVerify = z.object({
  mobileNumber: MobileNumber,
  otp: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

// ---------- steps ----------

export const REGISTRATION_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export const RegistrationStatus = z.enum(REGISTRATION_STATUSES);
export type RegistrationStatus = z.infer<typeof RegistrationStatus>;

export const Step1 = z.object({
  customerType: z.enum(CUSTOMER_TYPES, { message: 'Customer type is required' }),
  firstName: z.string().trim().min(1, 'First name is required').max(60),
  lastName: z.string().trim().min(1, 'Last name is required').max(60),
  email: Email,
});
export type Step1 = z.infer<typeof Step1>;

const required = (message: string) => z.string({ message }).trim().min(1, message);

export const Step2 = z.object({
  pincode: z.string().trim().refine(pincodeOk, 'Enter a valid 6-digit pincode'),
  addressLine: required('Address line 1 is required').pipe(z.string().max(200)),
  landmark: required('Landmark is required').pipe(z.string().max(120)),
  city: required('City/town is required'),
  district: required('District is required'),
  state: required('State is required'),
  latitude: z.number({ message: 'Location is required' }).min(6).max(38),
  longitude: z.number({ message: 'Location is required' }).min(68).max(98),
});
export type Step2 = z.infer<typeof Step2>;

const optionalIdent = (ok: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v.toUpperCase()))
    .refine((v) => v === undefined || ok(v), message)
    .optional();

/** Trade identifiers; which ones are required depends on the customer type (checked in the API and the form). */
export const Step3 = z.object({
  tradeName: z.string().trim().max(120).optional(),
  certificateTradeName: z.string().trim().max(120).optional(),
  gstin: optionalIdent(gstinOk, MESSAGES.gstin),
  pan: optionalIdent(panOk, MESSAGES.pan),
  drugLicence1: optionalIdent(drugLicenceOk, MESSAGES.drugLicence),
  drugLicence2: optionalIdent(drugLicenceOk, MESSAGES.drugLicence),
  foodLicence: optionalIdent(foodLicenceOk, MESSAGES.foodLicence),
  aadhaar: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || aadhaarOk(v), MESSAGES.aadhaar)
    .optional(),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  drivingLicence: optionalIdent(drivingLicenceOk, 'Enter a valid driving licence number'),
  vehicleNumber: optionalIdent(vehicleNumberOk, 'Enter a valid vehicle number'),
  vehicleType: z.enum(['BICYCLE', 'TWO_WHEELER', 'THREE_WHEELER', 'FOUR_WHEELER']).optional(),
});
export type Step3 = z.input<typeof Step3>;

export const DOCUMENT_KINDS = ['GST_CERTIFICATE', 'DRUG_LICENCE_1', 'DRUG_LICENCE_2', 'FOOD_LICENCE', 'PAN_CARD', 'AADHAAR', 'DRIVING_LICENCE'] as const;
export const DocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKind>;

export const UploadDocument = z.object({
  kind: DocumentKind,
  fileName: z.string().trim().min(1).max(200),
  mimeType: z.enum(DOCUMENT_MIME_TYPES, { message: 'Only PDF or image (JPEG, PNG, WebP) files' }),
  contentBase64: z.string().min(1),
});
export type UploadDocument = z.infer<typeof UploadDocument>;

export const Submit = z.object({
  acceptTerms: z.literal(true, { message: MESSAGES.terms }),
  acceptConsent: z.literal(true, { message: MESSAGES.consent }),
});

export const DocumentInfo = z.object({ id: z.string(), kind: DocumentKind, fileName: z.string(), mimeType: z.string(), sizeBytes: z.number().int() });
export type DocumentInfo = z.infer<typeof DocumentInfo>;

export const DocumentContent = DocumentInfo.extend({ contentBase64: z.string() });
export type DocumentContent = z.infer<typeof DocumentContent>;

/** Everything an application holds (the applicant's draft, the staff view, the profile's identifiers). */
export const Application = z.object({
  id: z.string(),
  status: RegistrationStatus,
  step: z.number().int(),
  mobileNumber: z.string(),
  customerType: z.enum(CUSTOMER_TYPES).nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  pincode: z.string().nullable(),
  addressLine: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  tradeName: z.string().nullable(),
  certificateTradeName: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  drugLicence1: z.string().nullable(),
  drugLicence2: z.string().nullable(),
  foodLicence: z.string().nullable(),
  aadhaar: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  drivingLicence: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  vehicleType: z.string().nullable(),
  documents: z.array(DocumentInfo),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  unitCode: z.string().nullable(),
});
export type Application = z.infer<typeof Application>;

export const RegistrationSession = z.object({ token: z.string(), application: Application });
export type RegistrationSession = z.infer<typeof RegistrationSession>;

export const StaffQueueQuery = z.object({ status: RegistrationStatus.default('SUBMITTED') });
export const StaffRejectRequest = z.object({ reason: z.string().trim().min(5, 'Give the applicant a reason (at least 5 characters)').max(500) });
export const ApplicationSummary = z.object({
  id: z.string(),
  status: RegistrationStatus,
  customerType: z.enum(CUSTOMER_TYPES).nullable(),
  name: z.string(),
  tradeName: z.string().nullable(),
  mobileNumber: z.string(),
  city: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummary>;
export const IdParams = z.object({ id: z.string().min(1) });
