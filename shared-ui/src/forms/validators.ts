/**
 * Validators of SPEC §5. Three layers, one way each:
 * - predicates `isX(value)` → boolean (trimmed, case-insensitive where the format is upper-case);
 * - `required(msg)`, `optional(v)`, `composeValidators(...)`, `passwordsMatch(field)` build final-form validators;
 * - ready validators `validateX` = required + format, with the plain messages below (for optional fields wrap
 *   them: `optional(validateGstin)`).
 * A validator returns the message to show, or undefined when the value is fine.
 */

import { aadhaarOk, drugLicenceOk, foodLicenceOk, gstinOk, ifscOk, panOk, pincodeOk, vehicleNumberOk } from 'shared-api';

export type Validator = (value: unknown, allValues?: object) => string | undefined;

export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  email: 'Enter a valid email',
  mobile: 'Enter a valid 10-digit mobile number',
  password: 'Password must be at least 8 characters with at least 1 number and 1 upper-case character',
  passwordsMatch: 'Passwords must match',
  gstin: 'Enter a valid GSTIN',
  pan: 'Enter a valid PAN',
  aadhaar: 'Enter a valid Aadhaar number',
  ifsc: 'Enter a valid IFSC',
  pincode: 'Enter a valid 6-digit pincode',
  foodLicence: 'Enter a valid food licence number',
  drugLicence: 'Enter a valid drug licence number',
  vehicleNumber: 'Enter a valid vehicle number',
} as const;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const upper = (value: unknown): string => text(value).toUpperCase();

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

// ---------- predicates ----------

// Same shape as zod's email check, so the form and the API agree.
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const isEmail = (value: unknown): boolean => EMAIL.test(text(value));

/** 10 digits starting 6-9, without +91 (the wire format). */
export const isMobile = (value: unknown): boolean => /^[6-9]\d{9}$/.test(text(value));

/** At least 8 characters, at least 1 number and 1 upper-case character. */
export const passwordRule = (value: unknown): boolean => {
  const v = typeof value === 'string' ? value : '';
  return v.length >= 8 && /\d/.test(v) && /[A-Z]/.test(v);
};

// The identifier rules live in shared-api (identifiers.ts), shared with the API's schemas; here they take form values.
export { gstinCheckChar as gstinCheckCharacter, verhoeffValid } from 'shared-api';
export const isPan = (value: unknown): boolean => panOk(upper(value));
export const isGstin = (value: unknown): boolean => gstinOk(upper(value));
/** Spaces allowed, as printed on the card. */
export const isAadhaar = (value: unknown): boolean => aadhaarOk(text(value).replace(/\s/g, ''));
export const isIfsc = (value: unknown): boolean => ifscOk(upper(value));
export const isPincode = (value: unknown): boolean => pincodeOk(text(value));
export const isFoodLicence = (value: unknown): boolean => foodLicenceOk(text(value));
export const isDrugLicence = (value: unknown): boolean => drugLicenceOk(upper(value));
export const isVehicleNumber = (value: unknown): boolean => vehicleNumberOk(upper(value));

export const sanitizeSearch = (value: string): string => value.replace(/[^A-Za-z0-9 ]/g, '');

// ---------- validator builders ----------

export const required =
  (message: string = VALIDATION_MESSAGES.required): Validator =>
  (value) =>
    isEmpty(value) ? message : undefined;

/** Runs the validator only when there is a value (for optional fields). */
export const optional =
  (validator: Validator): Validator =>
  (value, allValues) =>
    isEmpty(value) ? undefined : validator(value, allValues);

/** First message wins. */
export const composeValidators =
  (...validators: Validator[]): Validator =>
  (value, allValues) => {
    for (const validate of validators) {
      const error = validate(value, allValues);
      if (error) return error;
    }
    return undefined;
  };

const rule =
  (test: (value: unknown) => boolean, message: string): Validator =>
  (value) =>
    test(value) ? undefined : message;

/** For the "confirm password" field: must equal the value of `otherField`. */
export const passwordsMatch =
  (otherField = 'password', message: string = VALIDATION_MESSAGES.passwordsMatch): Validator =>
  (value, allValues) =>
    value === (allValues as Record<string, unknown> | undefined)?.[otherField] ? undefined : message;

// ---------- ready validators: required + format ----------

export const validateEmail = composeValidators(required('Email is required'), rule(isEmail, VALIDATION_MESSAGES.email));
export const validateMobile = composeValidators(required('Mobile number is required'), rule(isMobile, VALIDATION_MESSAGES.mobile));
export const validatePassword = composeValidators(required('Password is required'), rule(passwordRule, VALIDATION_MESSAGES.password));
export const validateGstin = composeValidators(required('GSTIN is required'), rule(isGstin, VALIDATION_MESSAGES.gstin));
export const validatePan = composeValidators(required('PAN is required'), rule(isPan, VALIDATION_MESSAGES.pan));
export const validateAadhaar = composeValidators(required('Aadhaar number is required'), rule(isAadhaar, VALIDATION_MESSAGES.aadhaar));
export const validateIfsc = composeValidators(required('IFSC is required'), rule(isIfsc, VALIDATION_MESSAGES.ifsc));
export const validatePincode = composeValidators(required('Pincode is required'), rule(isPincode, VALIDATION_MESSAGES.pincode));
export const validateFoodLicence = composeValidators(required('Food licence is required'), rule(isFoodLicence, VALIDATION_MESSAGES.foodLicence));
export const validateDrugLicence = composeValidators(required('Drug licence is required'), rule(isDrugLicence, VALIDATION_MESSAGES.drugLicence));
export const validateVehicleNumber = composeValidators(
  required('Vehicle number is required'),
  rule(isVehicleNumber, VALIDATION_MESSAGES.vehicleNumber),
);
