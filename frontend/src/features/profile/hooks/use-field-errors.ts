import type { ZodType } from 'zod';
import { isApiError } from '../../../lib/api-client.js';

export type FieldErrors = Record<string, string>;

/** First issue per field, translated (contracts schemas use message keys as issue messages). */
export function fieldErrorsOf<T>(
  schema: ZodType<T>,
  values: unknown,
  translate: (key: string) => string,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = translate(issue.message);
  }
  return { data: null, errors };
}

/** A server 4xx that names one of the form's fields, as `{ field: message }`. */
export function serverFieldError(error: unknown, fields: readonly string[]): FieldErrors | null {
  if (!isApiError(error) || !error.body?.field || !fields.includes(error.body.field)) return null;
  return { [error.body.field]: error.body.message ?? '' };
}
