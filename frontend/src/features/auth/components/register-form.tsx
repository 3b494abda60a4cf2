import { registerFormSchema } from '@mathgames/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, EmailField, NewPasswordFields } from '../../../components/form-fields.js';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/toast.js';
import { formValues, useFormSubmit } from '../../../lib/forms.js';
import { currentLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { register } from '../api/register.js';
import type { AuthMode } from './auth-modal.js';
import { LinkButton } from './link-button.js';

export function RegisterForm({ onMode, onDone }: { onMode: (mode: AuthMode) => void; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const { errors, busy, submit } = useFormSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { teacher, ...values } = formValues(event);
    void submit(values, {
      schema: registerFormSchema,
      fields: ['username', 'email', 'password'],
      failure: { title: message('register_failed'), fallback: message('register_failed_generic') },
      send: async ({ confirmPassword: _checked, ...body }) => {
        const response = await register({ ...body, teacher: teacher === 'on', lang: currentLang() });
        toast({
          title: t('registered'),
          description: response?.message || message('register_success'),
          variant: 'success',
        });
        onDone();
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      <TextField
        label={t('fields.username')}
        name="username"
        autoComplete="username"
        error={errors.username}
      />
      <EmailField label={t('fields.email')} error={errors.email} />
      <NewPasswordFields
        labels={{ password: t('fields.password'), confirm: t('fields.confirmPassword') }}
        errors={errors}
      />
      <CheckboxField name="teacher" label={t('fields.teacher')} hint={t('fields.teacherHint')} boxed />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('busy') : t('register.submit')}
      </Button>
      <p className="text-center text-base text-slate-700">
        {t('register.haveAccount')}{' '}
        <LinkButton onClick={() => onMode('login')} testId="to-login">
          {t('register.toLogin')}
        </LinkButton>
      </p>
    </form>
  );
}
