import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn.js';
import { EyeIcon, EyeOffIcon, WarningIcon } from '../icons.js';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string;
  /** For password fields: labels of the show/hide toggle. */
  revealLabels?: { show: string; hide: string };
}

/** A form control's label, in bold over it. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-base font-bold text-slate-800">
      {children}
    </label>
  );
}

/** A labelled input whose error is tied to it (aria-invalid + aria-describedby) and shown under it. */
export function TextField({
  label,
  name,
  error,
  revealLabels,
  type = 'text',
  className,
  ...props
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const inputType = revealLabels && revealed ? 'text' : type;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="relative mt-1">
        <input
          id={id}
          name={name}
          type={inputType}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'block min-h-12 w-full rounded-2xl border-2 bg-white px-4 text-lg text-slate-900 placeholder:text-slate-500',
            error ? 'border-red-700' : 'border-slate-300 focus:border-brand-600',
            revealLabels && 'pr-14',
          )}
          {...props}
        />
        {revealLabels && (
          <button
            type="button"
            data-silent
            onClick={() => setRevealed((value) => !value)}
            aria-label={revealed ? revealLabels.hide : revealLabels.show}
            aria-pressed={revealed}
            className="absolute top-0 right-0 flex size-12 items-center justify-center rounded-2xl text-xl text-slate-700"
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {error && (
        <p
          id={errorId}
          className="mt-1 flex items-center gap-1 text-base font-semibold text-red-800"
          data-testid={`error-${name}`}
        >
          <WarningIcon className="size-5 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}
