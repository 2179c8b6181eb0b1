import { getIn, setIn } from 'final-form';
import type { z } from 'zod';

/** Text typed into a number box as a number; empty or not a number is NaN, which the schema refuses. */
export const toNumber = (value: string | undefined) => (value === undefined || value.trim() === '' ? Number.NaN : Number(value.replace(/,/g, '')));

/**
 * The contract's own schema as a final-form validator: its messages land on the fields named like the body's paths
 * (`assignment.vehicleNumber`), which is also where the API's field errors land (toSubmitErrors).
 */
export function schemaErrors(schema: z.ZodTypeAny, body: unknown): Record<string, unknown> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  let errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    // A field's first message is the one to fix first ("Enter the document number" before its character rule).
    if (getIn(errors, path) !== undefined) continue;
    // A number box left empty or holding letters reads better as one plain sentence than as a type error.
    const message = issue.code === 'invalid_type' && issue.expected === 'number' ? 'Enter a number' : issue.message;
    errors = setIn(errors, path, message) as Record<string, unknown>;
  }
  return errors;
}
