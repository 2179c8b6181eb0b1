/**
 * Validators of SPEC §5. Three layers, one way each:
 * - predicates `isX(value)` → boolean (trimmed, case-insensitive where the format is upper-case);
 * - `required(msg)`, `optional(v)`, `composeValidators(...)`, `passwordsMatch(field)` build final-form validators;
 * - ready validators `validateX` = required + format, with the plain messages below (for optional fields wrap
 *   them: `optional(validateGstin)`).
 * A validator returns the message to show, or undefined when the value is fine.
 */

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

/** 4th character of a PAN is the holder type: Association, Body, Company, Firm/LLP, Government, HUF, Juridical, Local authority, Person, Trust. */
const PAN_HOLDER_TYPES = 'ABCFGHJLPT';
export const isPan = (value: unknown): boolean => {
  const v = upper(value);
  return /^[A-Z]{5}\d{4}[A-Z]$/.test(v) && PAN_HOLDER_TYPES.includes(v.charAt(3));
};

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTIN check character: weights 1,2,1,2… over the first 14 base-36 digits, each product folded (quotient + remainder by 36). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

/** 2-digit state code (01-38, 97 other territory, 99 centre) + PAN + entity number + 'Z' + check character. */
export const isGstin = (value: unknown): boolean => {
  const v = upper(value);
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(v)) return false;
  const state = Number(v.slice(0, 2));
  if (!((state >= 1 && state <= 38) || state === 97 || state === 99)) return false;
  return isPan(v.slice(2, 12)) && gstinCheckCharacter(v) === v.charAt(14);
};

// Verhoeff tables: multiplication in the dihedral group D5, position permutation, (inverse not needed to verify).
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the digit string (check digit last) passes the Verhoeff checksum. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const reversed = digits.split('').reverse();
  for (let i = 0; i < reversed.length; i++) {
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(reversed[i])]!]!;
  }
  return c === 0;
}

/** 12 digits (spaces allowed as printed on the card), not starting 0 or 1, Verhoeff check digit last. */
export const isAadhaar = (value: unknown): boolean => {
  const v = text(value).replace(/\s/g, '');
  return /^[2-9]\d{11}$/.test(v) && verhoeffValid(v);
};

/** 4 bank letters, a 0, then 6 branch characters. */
export const isIfsc = (value: unknown): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(upper(value));

export const isPincode = (value: unknown): boolean => /^[1-9]\d{5}$/.test(text(value));

/** FSSAI licence / registration number: 14 digits. */
export const isFoodLicence = (value: unknown): boolean => /^\d{14}$/.test(text(value));

/**
 * Drug licence numbers differ by state ("MH-PZ1-123456", "20B/MH/PUN/12345", "KA/BNG/20/1234"): accept 5-30
 * letters, digits and / - . spaces, starting with a letter or digit and holding at least one digit.
 */
export const isDrugLicence = (value: unknown): boolean => {
  const v = upper(value);
  return /^[A-Z0-9][A-Z0-9/\-. ]{4,29}$/.test(v) && /\d/.test(v);
};

/** Indian registration: state + RTO + series + 4 digits ("MH12AB1234", "MH 12 AB 1234", "DL3CAF0001"), or Bharat series ("22BH1234AA"). */
export const isVehicleNumber = (value: unknown): boolean => {
  const v = upper(value).replace(/[\s-]/g, '');
  return /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{4}$/.test(v) || /^\d{2}BH\d{4}[A-Z]{1,2}$/.test(v);
};

/** Search box (SPEC §5): everything but letters, digits and spaces is stripped as typed. */
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
