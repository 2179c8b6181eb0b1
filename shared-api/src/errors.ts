/**
 * The error catalogue of SPEC.md §8. Codes the spec does not show (E0001–E0027, E0049–E0052, E0057) are
 * ours to assign; the ones added here are documented in README.md ("Error codes").
 */
export const ERROR_CATALOGUE = {
  E0000: 'Error',
  E0041: 'Something went wrong, please try after sometime',
  E0028: 'retailer already registered',
  E0029: 'email/mobile already registered',
  E0030: "season boy doesn't exist",
  E0031: "season boy with retailer can't be created",
  E0032: "registered user can't be created",
  E0033: "uploaded document doesn't match registered user",
  E0045: 'GSTIN/PAN already registered',
  E0055: 'customer already registered',
  E0058: 'food licence already registered',
  E0034: 'authentication server down',
  E0035: 'geolocation data unavailable',
  E0036: 'invalid email/mobile or password',
  E0037: 'mobile not registered',
  E0038: 'failed to update password',
  E0039: 'logged out, login again',
  E0040: 'Access Denied',
  E0046: 'invalid current password',
  E0047: 'change password failed',
  E0042: 'order not submitted',
  E0043: 'cart already submitted',
  E0044: 'cart not found',
  E0048: 'invalid quantity plus free quantity',
  E0053: 'invoice not found',
  E0054: "QR code can't be generated",
  E0056: 'document/image not found',
  E0059: 'invalid UPI account',
  E0060: 'invalid bank account details',
  E0061: 'outstation deliveries/pickups not available',
  // Added by this project (not shown in the spec).
  E0001: 'Invalid request',
  E0002: 'Not found',
  E0003: 'Invalid or expired one-time code',
  E0004: 'Too many attempts, please request a new code',
  E0005: 'Please wait before requesting another code',
  E0006: 'Too many requests, please try again later',
  E0008: 'Account not yet activated',
  E0009: 'Already exists',
  E0010: 'Document cannot be issued',
  E0011: 'Entry does not balance',
  E0012: 'Financial year is closed',
  E0013: 'Not possible in the current status',
  E0014: 'This batch has expired or expires before the cut-off: it cannot be offered',
  E0015: 'Some units of this batch are promised to placed orders',
  E0016: 'This offer has ended',
  E0017: 'The shopping list could not be read: check the lines shown',
  E0018: 'The best basket took too long to work out: try a shorter list',
  E0019: 'The basket could not be put into the cart: nothing was added',
  E0020: 'The bank statement is too large',
  E0021: "No GST rate on record for this product's HSN: fix the product's HSN",
  E0027: "The file does not follow the GST portal's format",
  E0022: 'This date is outside the allowed range',
  E0023: 'An e-way bill is needed before the goods move',
  E0024: 'The e-invoice portal refused or the IRN cannot be changed now',
  E0025: 'This batch is recalled and may not be sold',
  E0026: 'The move-in cannot do this now',
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function errorMessage(code: ErrorCode): string {
  return ERROR_CATALOGUE[code];
}
