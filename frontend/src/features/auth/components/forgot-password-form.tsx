import { forgotPasswordRequestSchema } from '@mathgames/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../../components/form-fields.js';
import { MailIcon } from '../../../components/icons.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/toast.js';
import { formValues, useFormSubmit } from '../../../lib/forms.js';
import { currentLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { forgotPassword } from '../api/forgot-password.js';
import type { AuthMode } from './auth-modal.js';
import { LinkButton } from './link-button.js';

/** Asks for a reset link; starts with the e-mail typed on the login form. */
export function ForgotPasswordForm({ email, onMode }: { email: string; onMode: (mode: AuthMode) => void }) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const { errors, busy, submit } = useFormSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(formValues(event), {
      schema: forgotPasswordRequestSchema,
      fields: ['email'],
      failure: { title: message('reset_password_error'), fallback: message('generic_error') },
      send: async (body) => {
        const response = await forgotPassword({ ...body, lang: currentLang() });
        toast({ title: response?.message || message('reset_link_sent'), variant: 'success' });
        onMode('sent');
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      <EmailField label={t('fields.email')} defaultValue={email} error={errors.email} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('busy') : t('forgot.submit')}
      </Button>
      <LinkButton onClick={() => onMode('login')} testId="forgot-to-login">
        {t('forgot.backToLogin')}
      </LinkButton>
    </form>
  );
}

/** After the link was asked for: the way back to the login form. */
export function ResetLinkSent({ onMode }: { onMode: (mode: AuthMode) => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <MailIcon className="size-16 text-brand-600" />
      <Button size="lg" onClick={() => onMode('login')} data-testid="sent-to-login">
        {t('sent.backToLogin')}
      </Button>
    </div>
  );
}
