import { useState } from 'react';
import type { ZodType } from 'zod';
import { isApiError } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/messages.js';

export type FieldErrors = Record<string, string>;

/**
 * Validates with the contracts schema (whose issue messages are message keys) and translates the first issue per
 * field; a server answer naming a field lands on that field.
 */
export function useFormErrors() {
  const message = useMessage();
  const [errors, setErrors] = useState<FieldErrors>({});

  function validate<T>(schema: ZodType<T>, values: unknown): T | null {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !next[field]) next[field] = message(issue.message);
    }
    setErrors(next);
    focusFirstInvalid(next);
    return null;
  }

  /** True when the server's error was about one field (and is now shown on it). */
  function applyServerError(error: unknown, fields: readonly string[]): boolean {
    if (!isApiError(error) || !error.body?.field || !fields.includes(error.body.field)) return false;
    const next = { [error.body.field]: error.body.message ?? message('validation_error') };
    setErrors(next);
    focusFirstInvalid(next);
    return true;
  }

  return { errors, setErrors, validate, applyServerError };
}

function focusFirstInvalid(errors: FieldErrors): void {
  const first = Object.keys(errors)[0];
  if (!first) return;
  // After React has rendered aria-invalid.
  requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus());
}
