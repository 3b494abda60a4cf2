import { resetPasswordFormSchema } from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../components/form-fields.js';
import { LinkBrokenIcon, PartyIcon } from '../components/icons.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { resetPassword } from '../features/auth/api/reset-password.js';
import { validateResetTokenQueryOptions } from '../features/auth/api/validate-reset-token.js';
import { StandaloneCard, StandaloneCardPending } from '../features/auth/components/standalone-card.js';
import { openAuthModal } from '../lib/events.js';
import { formValues, useFormSubmit } from '../lib/forms.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';
import { useMessage } from '../lib/i18n/message-catalogue.js';
import { useLinkToken } from '../lib/link-token.js';

export const Route = createFileRoute('/reset-password')({
  staticData: { frameless: true },
  loader: () => loadNamespaces('account', 'auth'),
  component: ResetPassword,
});

function ResetPassword() {
  const token = useLinkToken();
  const { t } = useTranslation(['account', 'auth']);
  const message = useMessage();
  usePageHead({ title: t('account:reset.title') });
  const validation = useQuery({ ...validateResetTokenQueryOptions(token ?? ''), enabled: !!token });
  const { errors, busy, submit } = useFormSubmit();
  const [done, setDone] = useState(false);

  if (token && validation.isPending) {
    return <StandaloneCardPending testId="reset-validating" text={t('account:reset.validating')} />;
  }
  if (!token || validation.isError || validation.data?.valid === false) {
    return (
      <StandaloneCard testId="reset-invalid">
        <LinkBrokenIcon className="mx-auto size-16 text-red-700" />
        <h1 className="mt-3 text-3xl font-black">
          {message(token ? 'reset_link_invalid' : 'reset_link_missing')}
        </h1>
        <p className="mt-2 text-lg text-slate-700">{t('account:reset.invalidText')}</p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          {t('account:reset.home')}
        </Link>
      </StandaloneCard>
    );
  }
  if (done) {
    return (
      <StandaloneCard testId="reset-success">
        <PartyIcon className="mx-auto size-16 text-emerald-700" />
        <h1 className="mt-3 text-3xl font-black">{t('account:reset.successTitle')}</h1>
        <p className="mt-2 text-lg text-slate-700">{message('password_reset_success')}</p>
        <Button size="lg" className="mt-6 w-full" onClick={() => openAuthModal(true)}>
          {t('account:reset.login')}
        </Button>
      </StandaloneCard>
    );
  }

  const validToken = token;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { password = '', confirmPassword = '' } = formValues(event);
    void submit(
      { password, confirmPassword },
      {
        schema: resetPasswordFormSchema,
        fields: ['password', 'confirmPassword'],
        failure: { title: message('reset_failed'), fallback: message('generic_error') },
        send: async (form) => {
          await resetPassword({ token: validToken, newPassword: form.password });
          setDone(true);
        },
      },
    );
  }

  const name = validation.data?.username;
  return (
    <StandaloneCard testId="reset-form">
      <h1 className="text-3xl font-black">{t('account:reset.formTitle')}</h1>
      <p className="mt-2 text-lg text-slate-700">
        {name ? t('account:reset.formText', { name }) : t('account:reset.formTextAnon')}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4 text-left" aria-busy={busy}>
        <NewPasswordFields
          labels={{ password: t('account:reset.password'), confirm: t('account:reset.confirmPassword') }}
          errors={errors}
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('account:reset.busy') : t('account:reset.submit')}
        </Button>
      </form>
    </StandaloneCard>
  );
}
