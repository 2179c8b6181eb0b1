import { FORM_ERROR, setIn, type SubmissionErrors } from 'final-form';

/** What an API failure looks like to a form: shared-auth's ApiError has this shape (`fields`: path → message). */
interface ErrorLike {
  message?: unknown;
  fields?: unknown;
}

/**
 * Turns a failed submit into final-form submit errors: each `fields` entry lands under its field, and the
 * message goes to FORM_ERROR (shown by <FormError/>). Return it from onSubmit:
 *   onSubmit={async (v) => { try { await api.post(...) } catch (e) { return toSubmitErrors(e) } }}
 */
export function toSubmitErrors(error: unknown): SubmissionErrors {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  let errors: Record<string, unknown> = {};
  if (typeof e.fields === 'object' && e.fields !== null) {
    for (const [path, message] of Object.entries(e.fields as Record<string, unknown>)) {
      errors = setIn(errors, path, String(message)) as Record<string, unknown>;
    }
  }
  const message = typeof e.message === 'string' && e.message ? e.message : 'Something went wrong';
  return { ...errors, [FORM_ERROR]: message };
}
