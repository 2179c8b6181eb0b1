import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_DOCUMENT_BYTES,
  MESSAGES,
  normaliseTradeName,
  type Application,
  type CustomerType,
  type DocumentContent,
  type DocumentKind,
  type PincodePlace,
  type RegistrationSession,
  type Step1,
  type Step2,
  type UploadDocument,
} from 'shared-api';
import type { Step3 as Step3Schema } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import { lookupPincode } from '../../data/pincodes';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AuthService } from '../auth/service';
import * as repo from './repository';
import type { RegistrationRow } from './repository';

type Step3 = z.output<typeof Step3Schema>;

const UNIQUE_VIOLATION = '23505';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Licensed trade (drug licences forms 20B/21B wholesale, 20/21 retail) vs. the season boy (delivery agent). */
const NEEDS_DRUG_LICENCES: readonly CustomerType[] = ['STOCKIST', 'RETAILER', 'HOSPITAL'];
const UNIT_PREFIX: Record<CustomerType, string> = { STOCKIST: 'STK', RETAILER: 'RTL', HOSPITAL: 'HSP', SEASON_BOY: 'SBY', MANUFACTURER: 'MFR' };

const invalid = (fields: Record<string, string>) => new AppError('E0001', 400, Object.values(fields)[0], fields);
const sessionEnded = () => new AppError('E0039', 401, 'Your registration session has ended: verify your mobile number again');

/** The documents an application must carry before it can be submitted. */
export function requiredDocuments(row: RegistrationRow): DocumentKind[] {
  const type = row.customer_type as CustomerType | null;
  if (type === 'SEASON_BOY') return ['AADHAAR', 'DRIVING_LICENCE'];
  const kinds: DocumentKind[] = [];
  if (row.gstin) kinds.push('GST_CERTIFICATE');
  else kinds.push('PAN_CARD');
  if (type && NEEDS_DRUG_LICENCES.includes(type)) kinds.push('DRUG_LICENCE_1', 'DRUG_LICENCE_2');
  if (row.food_licence) kinds.push('FOOD_LICENCE');
  return kinds;
}

export async function toApplication(db: Database, row: RegistrationRow): Promise<Application> {
  const docs = await repo.listDocuments(db, [row.id]);
  const unit = row.unit_id ? await db.selectFrom('units').select('unit_code').where('id', '=', row.unit_id).executeTakeFirst() : undefined;
  return {
    id: row.id,
    status: row.status,
    step: row.step,
    mobileNumber: row.mobile,
    customerType: row.customer_type as CustomerType | null,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    pincode: row.pincode,
    addressLine: row.address_line,
    landmark: row.landmark,
    city: row.city,
    district: row.district,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    tradeName: row.trade_name,
    certificateTradeName: row.certificate_trade_name,
    gstin: row.gstin,
    pan: row.pan,
    drugLicence1: row.drug_licence_1,
    drugLicence2: row.drug_licence_2,
    foodLicence: row.food_licence,
    aadhaar: row.aadhaar,
    dateOfBirth: row.date_of_birth,
    drivingLicence: row.driving_licence,
    vehicleNumber: row.vehicle_number,
    vehicleType: row.vehicle_type,
    documents: docs.map((d) => ({ id: d.id, kind: d.kind as DocumentKind, fileName: d.file_name, mimeType: d.mime_type, sizeBytes: d.size_bytes })),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    rejectionReason: row.rejection_reason,
    unitCode: unit?.unit_code ?? null,
  };
}

/** The file really is what its type says: PDF, JPEG, PNG or WebP by its first bytes. */
function contentMatches(mime: string, bytes: Buffer): boolean {
  const head = bytes.subarray(0, 12);
  switch (mime) {
    case 'application/pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'image/jpeg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    default:
      return false;
  }
}

/** Decodes an uploaded file and checks its size and kind; shared by licence documents and the payment QR code. */
export function decodeUpload(contentBase64: string, mimeType: string, maxBytes: number): Buffer {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw invalid({ file: 'The file is empty' });
  if (bytes.length > maxBytes) throw invalid({ file: `The file must be at most ${Math.round(maxBytes / 1024 / 1024)} MB` });
  if (!contentMatches(mimeType, bytes)) throw invalid({ file: 'The file is not a PDF or image of the type it claims' });
  return bytes;
}

/**
 * Self-service registration (SPEC.md §2, §5): the mobile number is proved by OTP, the draft is kept server-side
 * (keyed by that number, reached with a token) so a reload resumes at the same step; submitting creates the
 * unit and its owner, not activated until staff verify it.
 */
export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly auth: AuthService,
  ) {}

  pincode(pincode: string): PincodePlace {
    const place = lookupPincode(pincode);
    if (!place) throw new AppError('E0035', 404, 'This pincode is not in our list yet: enter city, district and state yourself');
    return place;
  }

  sendOtp(mobile: string, ip: string, resend: boolean) {
    return this.auth.sendOtp(mobile, ip, resend, 'REGISTRATION');
  }

  /** After the OTP check: the number's draft (new or resumed) and a fresh token for it. */
  async verify(mobile: string, code: string, ip: string): Promise<RegistrationSession> {
    await this.auth.verifyRegistrationCode(mobile, code, ip);
    const token = randomBytes(32).toString('base64url');
    const now = this.config.now();
    const id = await inTransaction(this.db, async (trx) => {
      const draft = await repo.findDraftByMobile(trx, mobile);
      if (draft) {
        await repo.update(trx, draft.id, { token_hash: hash(token), updated_at: now });
        return draft.id;
      }
      const newId = randomUUID();
      await repo.insertDraft(trx, { id: newId, mobile, token_hash: hash(token), now });
      return newId;
    });
    const row = await repo.findById(this.db, id);
    return { token, application: await toApplication(this.db, row!) };
  }

  private async draftOf(token: string | undefined): Promise<RegistrationRow> {
    if (!token) throw sessionEnded();
    const row = await repo.findByTokenHash(this.db, hash(token));
    if (!row || row.status !== 'DRAFT') throw sessionEnded();
    return row;
  }

  async draft(token: string | undefined): Promise<Application> {
    return toApplication(this.db, await this.draftOf(token));
  }

  async step1(token: string | undefined, input: Step1): Promise<Application> {
    const row = await this.draftOf(token);
    if (await repo.emailTaken(this.db, input.email, row.id)) {
      throw new AppError('E0029', 409, undefined, { email: 'This email is already registered' });
    }
    // Changing the type changes which identifiers apply: those of the other type are dropped.
    const typeChanged = row.customer_type !== null && row.customer_type !== input.customerType;
    await repo.update(this.db, row.id, {
      customer_type: input.customerType,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      // the identifiers step must be done again for the new type
      step: typeChanged ? Math.min(Math.max(row.step, 2), 3) : Math.max(row.step, 2),
      updated_at: this.config.now(),
    });
    return this.draft(token);
  }

  async step2(token: string | undefined, input: Step2): Promise<Application> {
    const row = await this.draftOf(token);
    if (row.step < 2) throw invalid({ customerType: 'Customer type is required' });
    await repo.update(this.db, row.id, {
      pincode: input.pincode,
      address_line: input.addressLine,
      landmark: input.landmark,
      city: input.city,
      district: input.district,
      state: input.state,
      latitude: input.latitude,
      longitude: input.longitude,
      step: Math.max(row.step, 3),
      updated_at: this.config.now(),
    });
    return this.draft(token);
  }

  async step3(token: string | undefined, input: Step3): Promise<Application> {
    const row = await this.draftOf(token);
    if (row.step < 3) throw invalid({ pincode: 'Pincode is required' });
    const type = row.customer_type as CustomerType;
    await this.checkIdentifiers(this.db, row, type, input);
    const seasonBoy = type === 'SEASON_BOY';
    await repo.update(this.db, row.id, {
      trade_name: seasonBoy ? null : (input.tradeName ?? null),
      certificate_trade_name: seasonBoy || !input.gstin ? null : (input.certificateTradeName ?? null),
      gstin: seasonBoy ? null : (input.gstin ?? null),
      pan: input.pan ?? null,
      drug_licence_1: seasonBoy ? null : (input.drugLicence1 ?? null),
      drug_licence_2: seasonBoy ? null : (input.drugLicence2 ?? null),
      food_licence: seasonBoy ? null : (input.foodLicence ?? null),
      aadhaar: seasonBoy ? (input.aadhaar ?? null) : null,
      date_of_birth: seasonBoy ? (input.dateOfBirth ?? null) : null,
      driving_licence: seasonBoy ? (input.drivingLicence ?? null) : null,
      vehicle_number: seasonBoy ? (input.vehicleNumber?.replace(/[\s-]/g, '') ?? null) : null,
      vehicle_type: seasonBoy ? (input.vehicleType ?? null) : null,
      step: Math.max(row.step, 4),
      updated_at: this.config.now(),
    });
    return this.draft(token);
  }

  /** Required-by-type, the GST certificate match, then duplicates: each refusal names its field. */
  private async checkIdentifiers(db: Database, row: RegistrationRow, type: CustomerType, input: Step3): Promise<void> {
    const missing: Record<string, string> = {};
    if (type === 'SEASON_BOY') {
      // A season boy delivers for traders; a retail business's licences make it a retailer application instead.
      if (input.gstin || input.drugLicence1 || input.drugLicence2 || input.foodLicence) {
        throw new AppError('E0031', 400, undefined, { customerType: "A season boy can't register a retail business: choose Retailer instead" });
      }
      if (!input.aadhaar) missing.aadhaar = 'Aadhaar number is required';
      if (!input.dateOfBirth) missing.dateOfBirth = MESSAGES.dateOfBirth;
      if (!input.drivingLicence) missing.drivingLicence = MESSAGES.drivingLicence;
      if (!input.vehicleNumber) missing.vehicleNumber = MESSAGES.vehicleNumber;
      if (!input.vehicleType) missing.vehicleType = MESSAGES.vehicleType;
    } else {
      if (!input.tradeName) missing.tradeName = 'Trade name is required';
      if (!input.gstin && !input.pan) missing.gstin = MESSAGES.gstinOrPan;
      if (NEEDS_DRUG_LICENCES.includes(type)) {
        if (!input.drugLicence1) missing.drugLicence1 = MESSAGES.drugLicence1;
        if (!input.drugLicence2) missing.drugLicence2 = MESSAGES.drugLicence2;
      }
      if (input.gstin && !input.certificateTradeName) missing.certificateTradeName = 'Enter the trade name as printed on the GST certificate';
    }
    if (Object.keys(missing).length) throw invalid(missing);

    // What can be checked offline: the PAN inside the GSTIN, and the declared certificate name against the trade name.
    if (input.gstin && input.pan && input.gstin.slice(2, 12) !== input.pan) {
      throw new AppError('E0033', 400, MESSAGES.panMatchesGstin, { pan: MESSAGES.panMatchesGstin });
    }
    if (input.gstin && input.tradeName && normaliseTradeName(input.tradeName) !== normaliseTradeName(input.certificateTradeName ?? '')) {
      throw new AppError('E0033', 400, MESSAGES.tradeNameMatch, { tradeName: MESSAGES.tradeNameMatch });
    }

    const drugLicences = [input.drugLicence1, input.drugLicence2].filter((v): v is string => Boolean(v));
    const taken = await repo.takenIdentifiers(db, row.id, { gstin: input.gstin, pan: input.pan, food: input.foodLicence, drugLicences });
    if (taken.gstinOrPan) throw new AppError('E0045', 409, undefined, { [input.gstin ? 'gstin' : 'pan']: 'This GSTIN/PAN is already registered' });
    if (taken.food) throw new AppError('E0058', 409, undefined, { foodLicence: 'This food licence is already registered' });
    if (taken.drugLicence) throw new AppError('E0055', 409, undefined, { drugLicence1: 'A customer with this drug licence is already registered' });
    if (type === 'RETAILER' && input.tradeName && row.pincode) {
      const same = (await repo.retailersAt(db, row.pincode, row.id)).some(
        (r) => r.trade_name && normaliseTradeName(r.trade_name) === normaliseTradeName(input.tradeName!),
      );
      if (same) throw new AppError('E0028', 409, undefined, { tradeName: 'This retailer is already registered at this pincode' });
    }
  }

  async upload(token: string | undefined, input: UploadDocument): Promise<Application> {
    const row = await this.draftOf(token);
    const allowed: readonly DocumentKind[] =
      row.customer_type === 'SEASON_BOY' ? ['AADHAAR', 'DRIVING_LICENCE', 'PAN_CARD'] : ['GST_CERTIFICATE', 'PAN_CARD', 'FOOD_LICENCE', 'DRUG_LICENCE_1', 'DRUG_LICENCE_2'];
    if (!allowed.includes(input.kind)) {
      // e.g. a driving licence on a retailer's application: it does not belong to this applicant's identifiers
      throw new AppError('E0033', 400, undefined, { [input.kind]: "This document doesn't belong to this application's identifiers" });
    }
    const bytes = decodeUpload(input.contentBase64, input.mimeType, MAX_DOCUMENT_BYTES);
    await repo.upsertDocument(this.db, {
      id: randomUUID(),
      registration_id: row.id,
      kind: input.kind,
      file_name: input.fileName,
      mime_type: input.mimeType,
      size_bytes: bytes.length,
      content: bytes,
      created_at: this.config.now(),
    });
    return this.draft(token);
  }

  /** Creates the unit (not activated), its owner and first warehouse, in one transaction. */
  async submit(token: string | undefined): Promise<Application> {
    const draft = await this.draftOf(token);
    const now = this.config.now();
    try {
      await inTransaction(this.db, async (trx) => {
        const row = await repo.findById(trx, draft.id, true);
        if (!row || row.status !== 'DRAFT') throw sessionEnded();
        if (row.step < 4) throw invalid({ step: 'Complete every step before submitting' });
        const type = row.customer_type as CustomerType;
        const docs = await repo.listDocuments(trx, [row.id]);
        const missingDocs = requiredDocuments(row).filter((k) => !docs.some((d) => d.kind === k));
        if (missingDocs.length) throw invalid(Object.fromEntries(missingDocs.map((k) => [k, 'Upload this document (PDF or image)'])));
        // Checked again at submit: another application may have taken them since.
        if (await repo.findLiveUserByMobile(trx, row.mobile)) throw new AppError('E0029', 409);
        if (row.email && (await repo.emailTaken(trx, row.email, row.id))) throw new AppError('E0029', 409, undefined, { email: 'This email is already registered' });
        await this.checkIdentifiers(trx, row, type, {
          tradeName: row.trade_name ?? undefined,
          certificateTradeName: row.certificate_trade_name ?? undefined,
          gstin: row.gstin ?? undefined,
          pan: row.pan ?? undefined,
          drugLicence1: row.drug_licence_1 ?? undefined,
          drugLicence2: row.drug_licence_2 ?? undefined,
          foodLicence: row.food_licence ?? undefined,
          aadhaar: row.aadhaar ?? undefined,
          dateOfBirth: row.date_of_birth ?? undefined,
          drivingLicence: row.driving_licence ?? undefined,
          vehicleNumber: row.vehicle_number ?? undefined,
          vehicleType: (row.vehicle_type ?? undefined) as Step3['vehicleType'],
        });

        const unitId = randomUUID();
        const userId = randomUUID();
        const warehouseId = randomUUID();
        const city = row.city!;
        await trx
          .insertInto('units')
          .values({
            id: unitId,
            unit_code: await repo.nextUnitCode(trx, UNIT_PREFIX[type], city),
            trade_name: row.trade_name ?? `${row.first_name} ${row.last_name}`,
            customer_type: type,
            activated: false,
            address_line: [row.address_line, row.landmark].filter(Boolean).join(', '),
            city,
            state: row.state,
            pincode: row.pincode,
            latitude: row.latitude,
            longitude: row.longitude,
            delivery_market: city,
            created_at: now,
          })
          .execute();
        await trx
          .insertInto('warehouses')
          .values({ id: warehouseId, unit_id: unitId, display_name: `${city} Main`, city, latitude: row.latitude, longitude: row.longitude, address_line: row.address_line, pincode: row.pincode, created_at: now })
          .execute();
        await trx
          .insertInto('users')
          .values({ id: userId, unit_id: unitId, role: 'OWNER', first_name: row.first_name!, last_name: row.last_name ?? '', mobile: row.mobile, email: row.email, active_warehouse_id: warehouseId, created_at: now })
          .execute();
        await repo.update(trx, row.id, {
          status: 'SUBMITTED',
          terms_accepted_at: now,
          consent_accepted_at: now,
          submitted_at: now,
          unit_id: unitId,
          user_id: userId,
          updated_at: now,
        });
      });
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new AppError('E0032', 409);
      throw err;
    }
    return toApplication(this.db, (await repo.findById(this.db, draft.id))!);
  }

  /** A licence document: for the unit that uploaded it and for staff; anyone else gets "not found". */
  async document(caller: Caller, id: string): Promise<DocumentContent> {
    if (!isUuid(id)) throw new AppError('E0056', 404);
    const doc = await repo.findDocument(this.db, id);
    if (!doc) throw new AppError('E0056', 404);
    if (doc.unit_id !== caller.unitId && !(await repo.isStaff(this.db, caller.userId))) throw new AppError('E0056', 404);
    return {
      id: doc.id,
      kind: doc.kind as DocumentKind,
      fileName: doc.file_name,
      mimeType: doc.mime_type,
      sizeBytes: doc.size_bytes,
      contentBase64: Buffer.from(doc.content).toString('base64'),
    };
  }
}
