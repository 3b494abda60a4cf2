import { normaliseJoinCode } from '@mathgames/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PupilSignIn } from '../features/pupil-sign-in/components/pupil-sign-in.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/class/$code')({
  loader: () => loadNamespaces('pupil'),
  component: ClassSignInRoute,
});

function ClassSignInRoute() {
  const { t } = useTranslation('pupil');
  const { code } = Route.useParams();
  usePageHead({ title: t('code.title'), description: t('code.intro') });
  return <PupilSignIn code={normaliseJoinCode(code)} />;
}
