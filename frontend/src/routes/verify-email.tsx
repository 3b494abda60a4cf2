import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CheckIcon, WarningIcon } from '../components/icons.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { verifyEmailQueryOptions } from '../features/auth/api/verify-email.js';
import { StandaloneCard, StandaloneCardPending } from '../features/auth/components/standalone-card.js';
import { serverMessage } from '../lib/api-client.js';
import { openAuthModal } from '../lib/events.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';
import { useMessage } from '../lib/i18n/message-catalogue.js';
import { useLinkToken } from '../lib/link-token.js';

export const Route = createFileRoute('/verify-email')({
  staticData: { frameless: true },
  loader: () => loadNamespaces('account'),
  component: VerifyEmail,
});

function VerifyEmail() {
  const token = useLinkToken();
  const { t } = useTranslation('account');
  const message = useMessage();
  usePageHead({ title: t('verify.title') });
  const query = useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: !!token });

  // A missing token goes straight to the error state.
  if (token && query.isPending) {
    return <StandaloneCardPending testId="verify-loading" text={t('verify.loading')} />;
  }
  if (token && query.isSuccess) {
    return (
      <StandaloneCard testId="verify-success">
        <CheckIcon className="mx-auto size-16 rounded-full bg-emerald-100 p-2 text-emerald-700" />
        <h1 className="mt-3 text-3xl font-black">{t('verify.successTitle')}</h1>
        <p className="mt-2 text-lg text-slate-700">{query.data?.message || t('verify.successText')}</p>
        <Button size="lg" className="mt-6 w-full" onClick={() => openAuthModal(true)}>
          {t('verify.login')}
        </Button>
      </StandaloneCard>
    );
  }
  return (
    <StandaloneCard testId="verify-error">
      <WarningIcon className="mx-auto size-16 text-red-700" />
      <h1 className="mt-3 text-3xl font-black">{message('verification_error_title')}</h1>
      <p role="alert" className="mt-2 text-lg font-semibold text-red-800">
        {token
          ? serverMessage(query.error, message('verification_failed'))
          : message('verification_token_invalid')}
      </p>
      <p className="mt-2 text-lg text-slate-700">{message('verification_link_hint')}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Button size="lg" onClick={() => openAuthModal(false)}>
          {t('verify.registerAgain')}
        </Button>
        <Link to="/" className={buttonClasses('outline', 'lg')}>
          {t('verify.home')}
        </Link>
      </div>
    </StandaloneCard>
  );
}
