/*
 * Indian trade identifiers: one set of rules for the screens (shared-ui validators) and the API (registration
 * schemas). Plain functions on normalised text (trimmed, upper-case where the identifier is); no zod here, so the
 * sign-in page that bundles shared-ui does not load it.
 */

/** 4th character of a PAN is the holder type: Association, Body, Company, Firm/LLP, Government, HUF, Juridical, Local authority, Person, Trust. */
const PAN_HOLDER_TYPES = 'ABCFGHJLPT';
export const panOk = (v: string): boolean => /^[A-Z]{5}\d{4}[A-Z]$/.test(v) && PAN_HOLDER_TYPES.includes(v.charAt(3));

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTIN check character: weights 1,2,1,2… over the first 14 base-36 digits, each product folded (quotient + remainder by 36). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

/** 2-digit state code (01-38, 97 other territory, 99 centre) + PAN + entity number + 'Z' + check character. */
export const gstinOk = (v: string): boolean => {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(v)) return false;
  const state = Number(v.slice(0, 2));
  if (!((state >= 1 && state <= 38) || state === 97 || state === 99)) return false;
  return panOk(v.slice(2, 12)) && gstinCheckChar(v) === v.charAt(14);
};

// Verhoeff tables: multiplication in the dihedral group D5 and the position permutation (verifying needs no inverse).
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
  for (let i = 0; i < reversed.length; i++) c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(reversed[i])]!]!;
  return c === 0;
}

/** 12 digits, not starting 0 or 1, Verhoeff check digit last. */
export const aadhaarOk = (v: string): boolean => /^[2-9]\d{11}$/.test(v) && verhoeffValid(v);

/** 4 bank letters, a 0, then 6 branch characters. */
export const ifscOk = (v: string): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v);
export const pincodeOk = (v: string): boolean => /^[1-9]\d{5}$/.test(v);
/** FSSAI licence / registration number: 14 digits. */
export const foodLicenceOk = (v: string): boolean => /^\d{14}$/.test(v);
/**
 * Drug licence numbers differ by state ("MH-PZ1-123456", "20B/MH/PUN/12345", "KA/BNG/20/1234"): 5-30 letters,
 * digits and / - . spaces, starting with a letter or digit and holding at least one digit.
 */
export const drugLicenceOk = (v: string): boolean => /^[A-Z0-9][A-Z0-9/\-. ]{4,29}$/.test(v) && /\d/.test(v);
/** State + RTO + series + 4 digits ("MH12AB1234", "MH 12 AB 1234", "DL3CAF0001"), or Bharat series ("22BH1234AA"). */
export const vehicleNumberOk = (v: string): boolean => {
  const s = v.replace(/[\s-]/g, '');
  return /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{4}$/.test(s) || /^\d{2}BH\d{4}[A-Z]{1,2}$/.test(s);
};
/** Indian driving licence: state code, RTO digits, year and serial ("MH12 20110012345", "DL-0420110149646"). */
export const drivingLicenceOk = (v: string): boolean => /^[A-Z]{2}[0-9]{2}(19|20)\d{2}\d{7}$/.test(v.replace(/[\s-]/g, ''));
/** UPI virtual payment address: handle@psp ("sharmamedical@okhdfcbank", "9800000002@ybl"). */
export const vpaOk = (v: string): boolean => /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{2,64}$/.test(v);
/** Bank account numbers in India are 9 to 18 digits. */
export const bankAccountNumberOk = (v: string): boolean => /^\d{9,18}$/.test(v);
