import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.js';
import { TextField, type TextFieldProps } from './ui/text-field.js';

/** An e-mail field (`name="email"`) with the keyboard and autofill for addresses. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'name'>) {
  return <TextField name="email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A password field with its show/hide toggle (its labels are in the `auth` namespace, which the screen loads). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'revealLabels'>) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      type="password"
      revealLabels={{ show: t('fields.showPassword'), hide: t('fields.hidePassword') }}
      {...props}
    />
  );
}

/** A new password and its confirmation (`password`, `confirmPassword`), as signing up and resetting ask them. */
export function NewPasswordFields({
  labels,
  errors,
}: {
  labels: { password: string; confirm: string };
  errors: { password?: string; confirmPassword?: string };
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name="password"
        autoComplete="new-password"
        error={errors.password}
      />
      <PasswordField
        label={labels.confirm}
        name="confirmPassword"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

/** A checkbox with a bold label and a hint under it that describes it; `boxed` draws a border around the pair. */
export function CheckboxField({
  name,
  label,
  hint,
  boxed = false,
  testId,
}: {
  name: string;
  label: string;
  hint: string;
  boxed?: boolean;
  testId?: string;
}) {
  const hintId = useId();
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer gap-3 text-base text-slate-800',
        boxed ? 'items-center rounded-2xl border-2 border-slate-200 px-4 py-2' : 'items-start',
      )}
    >
      <input
        type="checkbox"
        name={name}
        className={cn('size-6 shrink-0 accent-brand-600', !boxed && 'mt-1')}
        aria-describedby={hintId}
        data-testid={testId}
      />
      <span>
        <span className="block font-bold">{label}</span>
        <span id={hintId} className="block text-sm text-slate-700">
          {hint}
        </span>
      </span>
    </label>
  );
}
