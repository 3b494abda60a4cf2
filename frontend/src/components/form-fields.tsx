import { useTranslation } from 'react-i18next';
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
