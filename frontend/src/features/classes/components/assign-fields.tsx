import type { ReactNode } from 'react';
import { FieldLabel } from '../../../components/ui/text-field.js';

const selectClasses = 'mt-1 block min-h-12 w-full rounded-2xl border-2 bg-white px-4 text-lg';

/** A field of the assignment form with its label and, when refused, its error under it. */
export function Labelled({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-base font-semibold text-red-800" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const fieldProps = (id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
  className: `${selectClasses} ${error ? 'border-red-700' : 'border-slate-300 focus:border-brand-600'}`,
});
