import { type FormEvent, useState } from 'react';
import type { ZodType } from 'zod';
import { toast } from '../components/ui/toast.js';
import { isApiError, serverMessage } from './api-client.js';
import { useMessage } from './i18n/message-catalogue.js';

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

/**
 * A form's field errors: `validate` checks the values with the contracts schema and shows the first issue per
 * field; `applyServerError` shows a server answer that names one of the fields on it. The first invalid field
 * gets the focus.
 */
export function useFormErrors() {
  const message = useMessage();
  const [errors, setErrors] = useState<FieldErrors>({});

  const show = (next: FieldErrors) => {
    setErrors(next);
    focusFirstInvalid(next);
  };

  function validate<T>(schema: ZodType<T>, values: unknown): T | null {
    const parsed = fieldErrorsOf(schema, values, message);
    show(parsed.errors ?? {});
    return parsed.data;
  }

  /** True when the server's error was about one field (and is now shown on it). */
  function applyServerError(error: unknown, fields: readonly string[]): boolean {
    const fieldError = serverFieldError(error, fields);
    if (!fieldError) return false;
    const [field, text] = Object.entries(fieldError)[0] ?? ['', ''];
    show({ [field]: text || message('validation_error') });
    return true;
  }

  return { errors, setErrors, validate, applyServerError };
}

/** A submitted form's fields as strings (a ticked checkbox is 'on', an unticked one is missing). */
export function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries(
    [...new FormData(event.currentTarget).entries()].map(([key, value]) => [key, String(value)]),
  );
}

export interface SubmitOptions<T> {
  schema: ZodType<T>;
  /** The fields a server answer may name: its message is shown on that field. */
  fields: readonly string[];
  send: (data: T) => Promise<unknown>;
  /**
   * The toast for any other failure: the server's message under `title`, or `fallback` when it gave none. Without
   * a title the message is the toast's title.
   */
  failure: { title?: string; fallback: string };
}

/**
 * A form that checks its values with the contracts schema, sends them while `busy`, and shows a failure where it
 * belongs: on the field the server named, or in a toast.
 */
export function useFormSubmit() {
  const { errors, setErrors, validate, applyServerError } = useFormErrors();
  const [busy, setBusy] = useState(false);

  async function submit<T>(values: unknown, { schema, fields, send, failure }: SubmitOptions<T>) {
    const data = validate(schema, values);
    if (data === null) return;
    setBusy(true);
    try {
      await send(data);
    } catch (error) {
      if (!applyServerError(error, fields)) {
        const text = serverMessage(error, failure.fallback);
        toast(
          failure.title
            ? { title: failure.title, description: text, variant: 'destructive' }
            : { title: text, variant: 'destructive' },
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, busy, submit };
}

function focusFirstInvalid(errors: FieldErrors): void {
  const first = Object.keys(errors)[0];
  if (!first) return;
  // After React has rendered aria-invalid.
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
}
