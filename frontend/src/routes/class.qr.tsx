import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QrSignIn } from '../features/pupil-sign-in/components/qr-sign-in.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n.js';

export const Route = createFileRoute('/class/qr')({
  loader: () => loadNamespaces('pupil'),
  component: QrSignInRoute,
});

function QrSignInRoute() {
  const { t } = useTranslation('pupil');
  usePageHead({ title: t('qr.title'), description: t('qr.signingIn') });
  return <QrSignIn />;
}
