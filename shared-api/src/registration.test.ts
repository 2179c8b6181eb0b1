import { aadhaarOk, bankAccountNumberOk, drivingLicenceOk, gstinCheckChar, gstinOk, ifscOk, panOk, pincodeOk, vpaOk } from './identifiers';
import { normaliseTradeName } from './registration';

// The API's copies of shared-ui's identifier rules, with real-format samples.
describe('identifier rules', () => {
  it('GSTIN: state code, PAN inside, Z, base-36 check character', () => {
    expect(gstinOk('27AAPFU0939F1ZV')).toBe(true);
    expect(gstinOk('29AAGCB7383J1Z4')).toBe(true);
    expect(gstinOk('27AAPFU0939F1ZW')).toBe(false); // wrong check character
    expect(gstinOk('40AAPFU0939F1ZV')).toBe(false); // no state 40
    expect(gstinOk('27AAPFU0939F1AV')).toBe(false); // 14th must be Z
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it('PAN: 5 letters, 4 digits, a letter, with a valid holder type', () => {
    expect(panOk('AAPFU0939F')).toBe(true);
    expect(panOk('BXKPS5512M')).toBe(true);
    expect(panOk('AAPXU0939F')).toBe(false);
    expect(panOk('AAPF0939F')).toBe(false);
  });

  it('Aadhaar: 12 digits not starting 0/1, Verhoeff check digit', () => {
    expect(aadhaarOk('234123412346')).toBe(true);
    expect(aadhaarOk('499118665246')).toBe(true);
    expect(aadhaarOk('234123412345')).toBe(false);
    expect(aadhaarOk('123412341234')).toBe(false);
  });

  it('IFSC, pincode, bank account number, UPI VPA, driving licence', () => {
    expect(ifscOk('HDFC0000240')).toBe(true);
    expect(ifscOk('SBIN0001234')).toBe(true);
    expect(ifscOk('HDFC1000240')).toBe(false);
    expect(pincodeOk('411001')).toBe(true);
    expect(pincodeOk('011001')).toBe(false);
    expect(pincodeOk('41100')).toBe(false);
    expect(bankAccountNumberOk('50200012345678')).toBe(true);
    expect(bankAccountNumberOk('12345678')).toBe(false);
    expect(vpaOk('sharmamedical@okhdfcbank')).toBe(true);
    expect(vpaOk('9800000002@ybl')).toBe(true);
    expect(vpaOk('sharma@')).toBe(false);
    expect(vpaOk('sharma.hdfc')).toBe(false);
    expect(drivingLicenceOk('MH12 20140012345')).toBe(true);
    expect(drivingLicenceOk('DL-0420110149646')).toBe(true);
    expect(drivingLicenceOk('MH12-123')).toBe(false);
  });

  it('compares trade names without case, punctuation, spacing or "M/s"', () => {
    expect(normaliseTradeName('M/s. Agarwal  Pharma Distributors')).toBe(normaliseTradeName('AGARWAL PHARMA DISTRIBUTORS'));
    expect(normaliseTradeName('Agarwal Pharma')).not.toBe(normaliseTradeName('Agarwal Pharmaceuticals'));
  });
});
