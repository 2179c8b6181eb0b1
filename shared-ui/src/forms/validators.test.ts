import {
  composeValidators,
  gstinCheckCharacter,
  isAadhaar,
  isDrugLicence,
  isEmail,
  isFoodLicence,
  isGstin,
  isIfsc,
  isMobile,
  isPan,
  isPincode,
  isVehicleNumber,
  optional,
  passwordRule,
  passwordsMatch,
  required,
  sanitizeSearch,
  validateAadhaar,
  validateEmail,
  validateGstin,
  validateMobile,
  validatePassword,
} from './validators';

describe('GSTIN', () => {
  // Published GSTINs whose 15th character is the real mod-36 check character.
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '24AAACC1206D1ZM', '33AAACH7409R1Z8'])('accepts %s', (g) => {
    expect(isGstin(g)).toBe(true);
  });

  it('computes the check character', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });

  it('accepts lower case and surrounding spaces', () => {
    expect(isGstin(' 27aapfu0939f1zv ')).toBe(true);
  });

  it.each([
    ['wrong check character', '27AAPFU0939F1ZA'],
    ['state code 00', '00AAPFU0939F1ZV'],
    ['state code 40', '40AAPFU0939F1ZV'],
    ['entity number 0', '27AAPFU0939F0ZV'],
    ['no Z in 14th place', '27AAPFU0939F1YV'],
    ['too short', '27AAPFU0939F1Z'],
    ['empty', ''],
  ])('rejects %s', (_why, g) => {
    expect(isGstin(g)).toBe(false);
  });

  it('rejects an embedded PAN with an unknown holder type even when the check character matches', () => {
    const body = '27AAPXU0939F1Z';
    expect(isGstin(body + gstinCheckCharacter(body))).toBe(false);
  });

  it('accepts state codes 97 and 99 when the check character matches', () => {
    for (const state of ['97', '99', '38', '01']) {
      const body = `${state}AAPFU0939F1Z`;
      expect(isGstin(body + gstinCheckCharacter(body))).toBe(true);
    }
  });

  it('ready validator gives plain messages', () => {
    expect(validateGstin('')).toBe('GSTIN is required');
    expect(validateGstin('27AAPFU0939F1ZA')).toBe('Enter a valid GSTIN');
    expect(validateGstin('27AAPFU0939F1ZV')).toBeUndefined();
  });
});

describe('PAN', () => {
  it.each(['AAPFU0939F', 'ABCPE1234F', 'aagcb7383j', 'AAACH7409R'])('accepts %s', (p) => expect(isPan(p)).toBe(true));
  it.each(['AAPXU0939F', 'ABCP1234F', 'ABCPE12345', '1BCPE1234F', 'ABCPE1234'])('rejects %s', (p) => expect(isPan(p)).toBe(false));
});

describe('Aadhaar (Verhoeff)', () => {
  it.each(['234123412346', '499118665246', '999941057058', '2341 2341 2346'])('accepts %s', (a) => expect(isAadhaar(a)).toBe(true));
  it.each([
    ['wrong check digit', '234123412347'],
    ['one digit changed', '234123412446'],
    ['starts with 1', '123412341234'],
    ['starts with 0', '034123412346'],
    ['11 digits', '23412341234'],
    ['letters', '23412341234A'],
  ])('rejects %s', (_why, a) => expect(isAadhaar(a)).toBe(false));

  it('ready validator', () => {
    expect(validateAadhaar('')).toBe('Aadhaar number is required');
    expect(validateAadhaar('234123412347')).toBe('Enter a valid Aadhaar number');
    expect(validateAadhaar('234123412346')).toBeUndefined();
  });
});

describe('email and mobile', () => {
  it.each(['suresh.patil@agarwalpharma.in', 'a+b@x.co'])('email %s is valid', (e) => expect(isEmail(e)).toBe(true));
  it.each(['suresh', 'a@b', '@x.in', 'a..b@x.in', 'a b@x.in'])('email %s is invalid', (e) => expect(isEmail(e)).toBe(false));
  it('email messages', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('nope')).toBe('Enter a valid email');
  });

  it.each(['9800000001', '6000000000', '7999999999'])('mobile %s is valid', (m) => expect(isMobile(m)).toBe(true));
  it.each(['5800000001', '980000000', '98000000011', '+919800000001', '98000 00001'])('mobile %s is invalid', (m) =>
    expect(isMobile(m)).toBe(false),
  );
  it('mobile messages', () => {
    expect(validateMobile(undefined)).toBe('Mobile number is required');
    expect(validateMobile('12345')).toBe('Enter a valid 10-digit mobile number');
    expect(validateMobile('9800000011')).toBeUndefined();
  });
});

describe('password rules', () => {
  it('needs 8 characters, a number and an upper-case letter', () => {
    expect(passwordRule('Medico2026')).toBe(true);
    expect(passwordRule('Medico26')).toBe(true);
    expect(passwordRule('Medic26')).toBe(false); // 7 characters
    expect(passwordRule('medico2026')).toBe(false); // no upper case
    expect(passwordRule('MedicoPharma')).toBe(false); // no number
    expect(validatePassword('medico2026')).toMatch(/at least 8 characters/);
  });
  it('passwords must match', () => {
    const confirm = passwordsMatch('password');
    expect(confirm('Medico2026', { password: 'Medico2026' })).toBeUndefined();
    expect(confirm('Medico2025', { password: 'Medico2026' })).toBe('Passwords must match');
  });
});

describe('other identifiers', () => {
  it('IFSC', () => {
    expect(isIfsc('SBIN0001234')).toBe(true);
    expect(isIfsc('hdfc0ABC123')).toBe(true);
    expect(isIfsc('SBIN1001234')).toBe(false); // 5th must be 0
    expect(isIfsc('SBI00001234')).toBe(false);
  });
  it('pincode', () => {
    expect(isPincode('411001')).toBe(true);
    expect(isPincode('011001')).toBe(false);
    expect(isPincode('41100')).toBe(false);
  });
  it('food licence (FSSAI)', () => {
    expect(isFoodLicence('10019022008788')).toBe(true);
    expect(isFoodLicence('1001902200878')).toBe(false);
    expect(isFoodLicence('1001902200878A')).toBe(false);
  });
  it('drug licence', () => {
    expect(isDrugLicence('MH-PZ1-123456')).toBe(true);
    expect(isDrugLicence('20B/MH/PUN/12345')).toBe(true);
    expect(isDrugLicence('ABCDEF')).toBe(false); // no digit
    expect(isDrugLicence('1')).toBe(false);
  });
  it('vehicle number', () => {
    expect(isVehicleNumber('MH12AB1234')).toBe(true);
    expect(isVehicleNumber('mh 12 ab 1234')).toBe(true);
    expect(isVehicleNumber('DL3CAF0001')).toBe(true);
    expect(isVehicleNumber('22BH1234AA')).toBe(true);
    expect(isVehicleNumber('MH12AB123')).toBe(false);
    expect(isVehicleNumber('1234MH12')).toBe(false);
  });
});

describe('builders', () => {
  it('required treats blanks and unchecked boxes as missing', () => {
    const v = required('Name is required');
    expect(v('')).toBe('Name is required');
    expect(v('   ')).toBe('Name is required');
    expect(v(undefined)).toBe('Name is required');
    expect(v(false)).toBe('Name is required');
    expect(v('Suresh')).toBeUndefined();
  });
  it('composeValidators returns the first message', () => {
    const v = composeValidators(required('Required'), (x) => (String(x).length < 3 ? 'Too short' : undefined));
    expect(v('')).toBe('Required');
    expect(v('ab')).toBe('Too short');
    expect(v('abc')).toBeUndefined();
  });
  it('optional skips empty values', () => {
    const v = optional(validateGstin);
    expect(v('')).toBeUndefined();
    expect(v('27AAPFU0939F1ZA')).toBe('Enter a valid GSTIN');
  });
});

describe('sanitizeSearch', () => {
  it('keeps only letters, digits and spaces', () => {
    expect(sanitizeSearch('Paracetamol 500mg!')).toBe('Paracetamol 500mg');
    expect(sanitizeSearch('<script>alert(1)</script>')).toBe('scriptalert1script');
    expect(sanitizeSearch("Crocin-Advance (15's)")).toBe('CrocinAdvance 15s');
  });
});
