import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { AppError } from '../../http/errors';

/*
 * The portal's published formats as JSON Schema (schemas/, with their version and source in schemas/README.md). Every
 * JSON file a return is downloaded as is checked against its schema first: a file the portal would refuse is not
 * handed out (ARCHITECTURE.md decision 15).
 */

/** EWB-BULK: the e-way bill portal's bulk generation JSON (eway-bills/bulk.ts); E-INVOICE: the IRP's INV-01 (e-invoices/). */
export type PortalFile = 'GSTR-1' | 'GSTR-3B' | 'EWB-BULK' | 'E-INVOICE';

const SCHEMA_FILES: Record<PortalFile, string> = {
  'GSTR-1': 'gstr1.schema.json',
  'GSTR-3B': 'gstr3b.schema.json',
  'EWB-BULK': 'ewaybill-bulk.schema.json',
  'E-INVOICE': 'einvoice-1.1.schema.json',
};

const ajv = new Ajv({ allErrors: true });
/*
 * The portal reads the file's text: an amount is a multiple of 0.01 when the number as JSON writes it has at most two
 * decimals. ajv's own multipleOf divides doubles, which is inexact for large amounts (2448791875851.53 / 0.01 is off
 * by more than 0.01), so the keyword is checked on the written number instead.
 */
ajv.removeKeyword('multipleOf');
ajv.addKeyword({
  keyword: 'multipleOf',
  type: 'number',
  schemaType: 'number',
  validate: (step: number, n: number) => {
    const decimals = Math.round(-Math.log10(step));
    if (decimals < 0 || 10 ** -decimals !== step) return Number.isInteger(n / step);
    return new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`).test(JSON.stringify(n));
  },
});
const validators = new Map<PortalFile, ValidateFunction>();

function validatorOf(kind: PortalFile): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(path.join(__dirname, 'schemas', SCHEMA_FILES[kind]), 'utf8')) as object);
    validators.set(kind, validate);
  }
  return validate;
}

const describe = (e: ErrorObject) => `${e.instancePath || 'the file'} ${e.message ?? 'is not valid'}${e.keyword === 'enum' || e.keyword === 'const' ? ` (${JSON.stringify(e.params)})` : ''}`;

/** What is wrong with a file against the portal's format, in words; empty when it conforms. */
export function portalFileErrors(kind: PortalFile, file: unknown): string[] {
  const validate = validatorOf(kind);
  return validate(file) ? [] : (validate.errors ?? []).map(describe);
}

/** Refuses (E0027, 422) a file that does not follow the portal's format, saying where. */
export function assertPortalFile(kind: PortalFile, file: unknown): void {
  const errors = portalFileErrors(kind, file);
  if (errors.length === 0) return;
  const shown = errors.slice(0, 5).join('; ');
  const more = errors.length > 5 ? ` and ${errors.length - 5} more` : '';
  if (kind === 'EWB-BULK') throw new AppError('E0027', 422, `The e-way bill JSON does not follow the e-way bill portal's bulk format, so it is not handed out: ${shown}${more}. Put these right first.`);
  throw new AppError('E0027', 422, `The ${kind} JSON does not follow the GST portal's format, so it is not handed out: ${shown}${more}. Put these right first; the CSV and workbook still download.`);
}
