import type { MessageResponse } from '@mathgames/contracts';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CheckIcon, WarningIcon } from '../components/icons.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { StandaloneCard } from '../features/auth/components/standalone-card.js';
import { api, serverMessage } from '../lib/api-client.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';
import { useMessage } from '../lib/i18n/message-catalogue.js';
import { useLinkToken } from '../lib/link-token.js';

export const Route = createFileRoute('/revert-email')({
  staticData: { frameless: true },
  loader: () => loadNamespaces('account'),
  component: RevertEmail,
});

/**
 * The old address's way back after an e-mail change. A button, not an automatic call on load: mail scanners
 * open links, and this one logs every device out.
 */
function RevertEmail() {
  const token = useLinkToken();
  const { t } = useTranslation('account');
  const message = useMessage();
  usePageHead({ title: t('revert.title') });
  const revert = useMutation({
    mutationFn: () => api.post<MessageResponse>('/api/auth/revert-email-change', { token }),
  });

  if (revert.isSuccess) {
    return (
      <StandaloneCard testId="revert-success">
        <CheckIcon className="mx-auto size-16 rounded-full bg-emerald-100 p-2 text-emerald-700" />
        <h1 className="mt-3 text-3xl font-black">{t('revert.successTitle')}</h1>
        <p className="mt-2 text-lg text-slate-700">{revert.data.message}</p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          {t('revert.home')}
        </Link>
      </StandaloneCard>
    );
  }
  return (
    <StandaloneCard testId="revert-form">
      <WarningIcon className="mx-auto size-16 text-amber-700" />
      <h1 className="mt-3 text-3xl font-black">{t('revert.title')}</h1>
      <p className="mt-2 text-lg text-slate-700">{token ? t('revert.text') : t('revert.missing')}</p>
      {revert.isError && (
        <p role="alert" className="mt-3 text-lg font-semibold text-red-800">
          {serverMessage(revert.error, message('email_change_token_invalid'))}
        </p>
      )}
      {token && (
        <Button
          size="lg"
          className="mt-6 w-full"
          disabled={revert.isPending}
          onClick={() => revert.mutate()}
          data-testid="revert-submit"
        >
          {revert.isPending ? t('revert.busy') : t('revert.submit')}
        </Button>
      )}
    </StandaloneCard>
  );
}
