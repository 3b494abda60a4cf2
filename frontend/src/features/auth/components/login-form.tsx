import { loginRequestSchema } from '@mathgames/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, EmailField, PasswordField } from '../../../components/form-fields.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/toast.js';
import { displayNameOf, useSetCurrentUser } from '../../../lib/auth.js';
import { formValues, useFormSubmit } from '../../../lib/forms.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { toastAfterReload } from '../../../lib/pending-toast.js';
import { login } from '../api/login.js';
import type { AuthMode } from './auth-modal.js';
import { LinkButton } from './link-button.js';

export interface LoginFormProps {
  /** The typed e-mail, kept by the modal so "forgot password" starts with it. */
  email: string;
  onEmail: (email: string) => void;
  onMode: (mode: AuthMode) => void;
  /** After a successful login: close the modal and reload. */
  onDone: () => void;
}

export function LoginForm({ email, onEmail, onMode, onDone }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const setCurrentUser = useSetCurrentUser();
  const { errors, busy, submit } = useFormSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { sharedDevice, ...values } = formValues(event);
    void submit(
      { ...values, sharedDevice: sharedDevice === 'on' },
      {
        schema: loginRequestSchema,
        fields: ['email', 'password'],
        failure: { title: message('login_failed'), fallback: message('login_failed_generic') },
        send: async (body) => {
          const user = await login(body);
          setCurrentUser(user);
          const welcome = message('welcome', { name: displayNameOf(user) });
          toast({ title: welcome, variant: 'success' });
          toastAfterReload({ title: welcome, variant: 'success' });
          onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      <EmailField
        label={t('fields.email')}
        value={email}
        onChange={(event) => onEmail(event.target.value)}
        error={errors.email}
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <CheckboxField
        name="sharedDevice"
        label={t('login.sharedDevice')}
        hint={t('login.sharedDeviceHint')}
        testId="shared-device"
      />
      <div className="-mt-2 flex justify-end">
        <LinkButton onClick={() => onMode('forgot')} testId="to-forgot">
          {t('login.forgot')}
        </LinkButton>
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('busy') : t('login.submit')}
      </Button>
      <p className="text-center text-base text-slate-700">
        {t('login.noAccount')}{' '}
        <LinkButton onClick={() => onMode('register')} testId="to-register">
          {t('login.toRegister')}
        </LinkButton>
      </p>
      <a
        href="/class"
        className="flex min-h-12 items-center justify-center rounded-full border-2 border-amber-300 bg-amber-50 px-4 text-base font-bold text-slate-900"
        data-testid="to-class-sign-in"
      >
        {t('login.withClassCode')}
      </a>
    </form>
  );
}
