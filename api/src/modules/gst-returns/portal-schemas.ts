import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { AppError } from '../../http/errors';

/*
 * The portal's published formats as JSON Schema (schemas/, with their version and source in schemas/README.md). Every
 * JSON file a return is downloaded as is checked against its schema first: a file the portal would refuse is not
 * handed out (ARCHITECTURE.md decision 15).
 */

export type PortalFile = 'GSTR-1' | 'GSTR-3B';

const SCHEMA_FILES: Record<PortalFile, string> = { 'GSTR-1': 'gstr1.schema.json', 'GSTR-3B': 'gstr3b.schema.json' };

// Amounts are rupees with two decimals held as doubles (100750.8 / 0.01 is not a whole number in floating point).
const ajv = new Ajv({ allErrors: true, multipleOfPrecision: 6 });
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
  throw new AppError('E0027', 422, `The ${kind} JSON does not follow the GST portal's format, so it is not handed out: ${shown}${more}. Put these right first; the CSV and workbook still download.`);
}
